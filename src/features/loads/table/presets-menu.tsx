import { ActionIcon, Button, Checkbox, Divider, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconBookmark, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selfQuery } from '#src/data/session-queries.ts';
import type { LoadFilters } from './filter-loads.ts';
import {
  type FilterPreset,
  filtersFromPreset,
  type PresetTable,
  presetFields,
  presetNameError,
  presetsOfTable,
  withDefaultPreset,
  withoutPreset,
  withPreset,
} from './filter-presets.ts';
import { useSavePreferences } from './use-save-preferences.ts';

/**
 * The filter presets menu (spec 1 §2): apply, delete or make default a saved preset, or save the
 * current filters under a new name. Names are unique per table, case-insensitively; the default
 * preset is applied when the page opens.
 */
export function PresetsMenu({
  table,
  filters,
  onApply,
}: {
  table: PresetTable;
  filters: LoadFilters;
  onApply: (filters: LoadFilters) => void;
}) {
  const { t } = useTranslation('loads');
  const { data: self } = useQuery(selfQuery);
  const savePreferences = useSavePreferences();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [refusedName, setRefusedName] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const presets = self?.preferences.presets2;
  const shown = presetsOfTable(presets, table);
  const nameError = presetNameError(name, presets, table);
  const taken = nameError === 'taken' || (refusedName !== null && refusedName === name);

  const apply = (preset: FilterPreset) => {
    onApply(filtersFromPreset(preset));
    setOpened(false);
  };

  const save = async () => {
    if (nameError) return;
    // Save turns disabled under the focus (saving, then an empty or taken name), which would drop the
    // focus out of the menu and Escape with it: the keyboard goes back to the name before Save turns off.
    nameInput.current?.focus();
    setSaving(true);
    const result = await savePreferences((current) => ({
      ...current,
      presets2: withPreset(current.presets2, { name: name.trim(), default: isDefault, fields: presetFields(filters), table }),
    }));
    setSaving(false);
    if (result === 'presetNameTaken') setRefusedName(name);
    if (result === 'saved') {
      setName('');
      setIsDefault(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" shadow="md" trapFocus withArrow>
      <Popover.Target>
        {/* An icon with its name in a tooltip: the toolbar keeps to one row in every language. */}
        <Tooltip label={t('presets.title')}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={t('presets.title')}
            onClick={() => setOpened((open) => !open)}
            data-testid="presets-button"
          >
            <IconBookmark size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown data-testid="presets-menu">
        <Stack gap="xs">
          {shown.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('presets.none')}
            </Text>
          )}
          {shown.map((preset) => (
            <Group key={`${preset.table ?? ''}:${preset.name}`} gap={4} wrap="nowrap" data-testid="preset">
              <Button
                variant="subtle"
                justify="flex-start"
                flex={1}
                onClick={() => apply(preset)}
                aria-label={t('presets.apply', { name: preset.name })}
              >
                <Text size="sm" truncate>
                  {preset.name}
                </Text>
              </Button>
              <Tooltip label={preset.default ? t('presets.unsetDefault') : t('presets.setDefault')}>
                <ActionIcon
                  variant="subtle"
                  color="yellow"
                  aria-pressed={preset.default}
                  aria-label={t('presets.defaultFor', { name: preset.name })}
                  onClick={() =>
                    void savePreferences((current) => ({
                      ...current,
                      presets2: withDefaultPreset(current.presets2, table, preset.name, !preset.default),
                    }))
                  }
                >
                  {preset.default ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                </ActionIcon>
              </Tooltip>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('presets.delete', { name: preset.name })}
                onClick={() =>
                  void savePreferences((current) => ({
                    ...current,
                    presets2: withoutPreset(current.presets2, table, preset.name),
                  }))
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Divider />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Stack gap="xs">
              <TextInput
                ref={nameInput}
                label={t('presets.name')}
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.currentTarget.value)}
                error={taken ? t('presets.nameTaken') : undefined}
                data-testid="preset-name"
              />
              <Checkbox
                label={t('presets.default')}
                checked={isDefault}
                onChange={(event) => setIsDefault(event.currentTarget.checked)}
              />
              <Button type="submit" disabled={nameError !== null || taken} loading={saving} data-testid="preset-save">
                {t('presets.save')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
