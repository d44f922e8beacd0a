import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from './discard-guard.tsx';
import { ExplainedButton } from './explained-button.tsx';
import { FormLayout } from './form-layout.tsx';

/**
 * The frame of a record's create or edit form (the administration forms): the fields, Cancel and Save (reading create or update),
 * closing through the discard guard so unsaved changes ask first. Save is disabled while a rule
 * fails or the save runs; offline it says a connection is needed.
 */
export function FormModal({
  title,
  isNew,
  dirty,
  canSave,
  saving,
  conflict,
  onSave,
  onClose,
  size,
  testId,
  worksOffline,
  covered,
  mapPane,
  mapLabel,
  saveBlockedReason,
  saveLabel,
  footerStart,
  children,
}: {
  title: string;
  isNew: boolean;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  conflict: boolean;
  onSave: () => void;
  onClose: () => void;
  size?: ModalProps['size'];
  testId: string;
  /** The save queues offline (useRecordForm says when); otherwise it needs a connection. */
  worksOffline?: boolean;
  /** A dialog opened from the form lies over it: Escape closes that dialog only (every open Modal hears it). */
  covered?: boolean;
  /** A map beside the fields (locations, zones): see FormLayout. */
  mapPane?: ReactNode;
  mapLabel?: string;
  /** Why Save cannot be used yet, said on hover and focus (a location's geofence not drawn). */
  saveBlockedReason?: string | null;
  /** The save button's own words (an avoidance zone's "Create zone"); Create or Update by default. */
  saveLabel?: string;
  /** Actions on the left of the footer (a zone's Deactivate and Delete). */
  footerStart?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const guard = useDiscardGuard(dirty, onClose);
  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        closeOnEscape={!covered}
        title={title}
        size={size ?? (mapPane === undefined ? 'lg' : 'xl')}
        data-testid={testId}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (canSave && !saving && !saveBlockedReason) onSave();
          }}
        >
          <Stack gap="sm">
            {conflict && (
              <Alert color="yellow" role="status" data-testid="stale-edit">
                {t('formModal.staleEdit')}
              </Alert>
            )}
            <FormLayout mapPane={mapPane} mapLabel={mapLabel}>
              {children}
            </FormLayout>
            <Group justify="flex-end" mt="sm">
              {footerStart && (
                <Group gap="xs" mr="auto">
                  {footerStart}
                </Group>
              )}
              <Button variant="default" onClick={guard.requestClose}>
                {t('formModal.cancel')}
              </Button>
              <ExplainedButton
                type="submit"
                disabled={!canSave && !saveBlockedReason}
                disabledReason={saveBlockedReason ?? null}
                loading={saving}
                onClick={() => {}}
                needsConnection={!worksOffline}
                data-testid={`${testId}-save`}
              >
                {saveLabel ?? (isNew ? t('formModal.create') : t('formModal.update'))}
              </ExplainedButton>
            </Group>
          </Stack>
        </form>
      </Modal>
      {guard.confirmation}
    </>
  );
}
