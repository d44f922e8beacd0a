import { Alert, Button, List, PasswordInput, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brokenPasswordRules, PASSWORD_RULES, type PasswordRule } from '#core/domain/passwords';
import { useOnlineStatus } from '#src/data/online-status.ts';

/**
 * Password and repeat with the shared rules of spec 2 §5 shown live (each ticked once met), the
 * mismatch message, and the submit button enabled only for an acceptable, repeated password while
 * online: setting a password cannot wait in a queue.
 */
export function NewPasswordForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (password: string, repeat: string) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const online = useOnlineStatus();
  const rulesId = useId();
  const offlineId = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const ruleLabels: Record<PasswordRule, string> = {
    minLength: t('password.rules.minLength'),
    digit: t('password.rules.digit'),
    lowercase: t('password.rules.lowercase'),
    uppercase: t('password.rules.uppercase'),
    allowedCharacters: t('password.rules.allowedCharacters'),
  };
  const broken = new Set(brokenPasswordRules(password));
  const mismatch = repeat !== '' && repeat !== password;
  const acceptable = broken.size === 0 && repeat === password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!acceptable || !online) return;
    setSubmitting(true);
    try {
      await onSubmit(password, repeat);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('password.label')}
          autoComplete="new-password"
          required
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={password !== '' && broken.size > 0 ? t('password.invalid') : undefined}
          aria-describedby={rulesId}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        <div id={rulesId}>
          <Text size="sm" fw={500}>
            {t('password.rulesTitle')}
          </Text>
          <List size="sm" spacing={2} center>
            {PASSWORD_RULES.map((rule) => {
              const met = password !== '' && !broken.has(rule);
              return (
                <List.Item
                  key={rule}
                  data-testid={`password-rule-${rule}`}
                  data-met={met}
                  icon={
                    <ThemeIcon size={16} radius="xl" color={met ? 'teal' : 'gray'} aria-hidden>
                      {met ? <IconCheck size={12} /> : <IconX size={12} />}
                    </ThemeIcon>
                  }
                >
                  {ruleLabels[rule]}
                  {met && <VisuallyHidden> ({t('password.met')})</VisuallyHidden>}
                </List.Item>
              );
            })}
          </List>
        </div>
        <PasswordInput
          label={t('password.repeat')}
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => setRepeat(event.currentTarget.value)}
          error={mismatch ? t('password.mismatch') : undefined}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
        />
        {!online && (
          <Alert color="yellow" id={offlineId} role="status">
            {t('offline')}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          loading={submitting}
          disabled={!acceptable || !online || submitting}
          aria-describedby={online ? undefined : offlineId}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
