import { FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationImage } from '#core/contract/locations';
import { isJpeg, MAX_LOCATION_IMAGE_BYTES, MAX_LOCATION_IMAGES } from '#core/domain/master-data/locations';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { SureButton } from '#src/ui/sure-button.tsx';
import { deleteLocationImage, locationImagesQuery, uploadLocationImages } from './location-queries.ts';

/** Images chosen or removed in the form, sent after the location is saved (spec 2 §4's save order). */
export interface PendingImages {
  added: { key: string; blob: string; type: string }[];
  removed: LocationImage[];
}

export async function savePendingImages(organizationId: number, locationId: number, pending: PendingImages) {
  if (pending.added.length) {
    await uploadLocationImages(
      organizationId,
      locationId,
      pending.added.map(({ blob, type }) => ({ blob, type })),
    );
  }
  for (const image of pending.removed) await deleteLocationImage(organizationId, locationId, image);
}

const MAX_MEGABYTES = MAX_LOCATION_IMAGE_BYTES / 1024 / 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

let nextKey = 0;

/**
 * A location's images (spec 2 §5): at most five, JPEG only (checked by their bytes), each deleted
 * after a yes/no question. Changes are sent when the location is saved, and need a connection.
 */
export function LocationImages({
  organizationId,
  locationId,
  pending,
  onChange,
}: {
  organizationId: number;
  locationId: number | null;
  pending: PendingImages;
  onChange: (pending: PendingImages) => void;
}) {
  const { t } = useTranslation('locations');
  const [problem, setProblem] = useState<string | null>(null);
  const stored = useQuery({
    ...locationImagesQuery(organizationId, locationId ?? 0),
    enabled: locationId !== null,
  });
  const kept = (stored.data ?? []).filter((image) => !pending.removed.some((removed) => removed.id === image.id));
  const count = kept.length + pending.added.length;

  const choose = async (files: File[]) => {
    setProblem(null);
    if (count + files.length > MAX_LOCATION_IMAGES) {
      setProblem(t('images.tooMany', { max: MAX_LOCATION_IMAGES }));
      return;
    }
    const added: PendingImages['added'] = [];
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (!/^image\/(jpeg|jpg)$/.test(file.type) || !isJpeg(bytes)) {
        setProblem(t('images.notJpeg', { name: file.name }));
        return;
      }
      if (file.size > MAX_LOCATION_IMAGE_BYTES) {
        setProblem(t('images.tooLarge', { name: file.name, megabytes: MAX_MEGABYTES }));
        return;
      }
      try {
        added.push({ key: `image-${++nextKey}`, blob: await readAsDataUrl(file), type: 'image/jpeg' });
      } catch (error) {
        // Spec 2 §7: file-reading failures are only logged.
        console.warn('Reading an image failed', error);
      }
    }
    onChange({ ...pending, added: [...pending.added, ...added] });
  };

  return (
    <Stack gap="xs" mt="sm" data-testid="location-images">
      <Title order={4}>{t('images.title')}</Title>
      <Text size="xs" c="dimmed">
        {t('images.rules', { max: MAX_LOCATION_IMAGES, megabytes: MAX_MEGABYTES })}
      </Text>
      {stored.isError && (
        <Text size="sm" c="dimmed">
          {t('images.unavailable')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {kept.map((image, index) => (
          <Paper key={image.id} withBorder p={4} data-testid="location-image">
            <Image src={image.blob} alt={t('images.alt', { number: index + 1 })} h={90} fit="cover" />
            <Group justify="center" mt={4}>
              <SureButton
                label={t('images.delete')}
                name={t('images.deleteNamed', { number: index + 1 })}
                question={t('images.deleteQuestion')}
                color="red"
                onConfirm={() => onChange({ ...pending, removed: [...pending.removed, image] })}
                testId="location-image-delete"
              />
            </Group>
          </Paper>
        ))}
        {pending.added.map((image, index) => (
          <Paper key={image.key} withBorder p={4} data-testid="location-image">
            <Image src={image.blob} alt={t('images.altNew', { number: index + 1 })} h={90} fit="cover" />
            <Group justify="center" mt={4}>
              <SureButton
                label={t('images.delete')}
                name={t('images.deleteNamed', { number: kept.length + index + 1 })}
                question={t('images.deleteQuestion')}
                color="red"
                onConfirm={() => onChange({ ...pending, added: pending.added.filter((entry) => entry.key !== image.key) })}
                testId="location-image-delete"
              />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="location-image-problem">
          {problem}
        </Text>
      )}
      <FileButton onChange={(files) => void choose(files)} accept="image/jpeg,.jpg,.jpeg" multiple>
        {(props) => (
          <ExplainedButton
            {...props}
            variant="light"
            size="xs"
            needsConnection
            disabledReason={count >= MAX_LOCATION_IMAGES ? t('images.tooMany', { max: MAX_LOCATION_IMAGES }) : null}
            data-testid="location-image-add"
          >
            {t('images.add')}
          </ExplainedButton>
        )}
      </FileButton>
    </Stack>
  );
}
