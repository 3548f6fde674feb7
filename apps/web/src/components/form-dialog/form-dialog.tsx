import { Alert, Anchor, Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { TAuditEntity } from '@panel/shared';
import { IconHistory } from '@tabler/icons-react';
import { type BaseSyntheticEvent, type ReactNode, useEffect, useRef } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { focusFirstError } from './focus-first-error';
import type { EditConflict } from './use-form-dialog';

export interface FormDialogProps<V extends FieldValues, O> {
  opened: boolean;
  /** Closes the dialog (after a save, and by default on Cancelar, the × and Escape). */
  onClose: () => void;
  /** Called on Guardar (and Enter), the browser's own submit already prevented. */
  onSubmit: (event?: BaseSyntheticEvent) => unknown;
  /** While saving: nothing closes the dialog, Cancelar is disabled and Guardar says so. */
  busy: boolean;
  /** From `useFormDialog`: given to the fields through react-hook-form's context. */
  form?: UseFormReturn<V, unknown, O>;
  title: ReactNode;
  /** Its width from 768 px up; below, every dialog is full-screen (app/global.css). */
  size?: ModalProps['size'];
  /** Space between the fields: "sm" (default) or "md" for roomier dialogs. */
  gap?: 'sm' | 'md';
  /** Default "Guardar". */
  submitLabel?: string;
  /** The submit button's text while busy where the spec names one ("Guardando..."); else it shows a spinner. */
  busyLabel?: string;
  /** Default "Cancelar". */
  cancelLabel?: string;
  /** Guardar stays disabled (e.g. until the required files are chosen). */
  submitDisabled?: boolean;
  /** What Cancelar, the × and Escape do; default `onClose` (e.g. ask before discarding). */
  onCancel?: () => void;
  /** A button at the footer's start, apart from Cancelar / Guardar (e.g. "Limpiar todos"). */
  footerStart?: ReactNode;
  /** Shown in place of the form and its buttons: a loader while the record loads, or a result. */
  instead?: ReactNode;
  /** From `useFormDialog` after a 412: the message and "Recargar"; Guardar waits for the reload. */
  conflict?: EditConflict;
  /**
   * The record being edited, as the audit trail names it: the footer links to "Historial de cambios",
   * its own entries on the Auditoría screen (issue 21, item 9). Absent or null for a new record.
   */
  history?: { entity: TAuditEntity; id: number } | null;
  /** The fields. Mark the one to focus on open with `data-autofocus` (else the × would get it). */
  children: ReactNode;
}

const ignore = () => {};

/**
 * The one frame of the panel's form dialogs: the Modal, the form, and Cancelar / Guardar. After every
 * Guardar that leaves a problem (the schema's, a date that does not read, the server's field errors),
 * the first one in reading order scrolls into view and takes the focus.
 */
export function FormDialog<V extends FieldValues, O>({
  opened,
  onClose,
  onSubmit,
  busy,
  form,
  title,
  size,
  gap = 'sm',
  submitLabel = 'Guardar',
  busyLabel,
  cancelLabel = 'Cancelar',
  submitDisabled = false,
  onCancel = onClose,
  footerStart,
  instead,
  conflict,
  history,
  children,
}: FormDialogProps<V, O>) {
  const formRef = useRef<HTMLFormElement>(null);
  // Counted once each submit has finished, in the same update as its errors (react-hook-form).
  const submitCount = form?.formState.submitCount ?? 0;
  useEffect(() => {
    if (submitCount > 0) focusFirstError(formRef.current);
  }, [submitCount]);

  const historyLink = history ? (
    <Anchor
      component={Link}
      to={`/audit?entity=${history.entity}&entity_id=${history.id}`}
      size="sm"
      onClick={busy ? (event) => event.preventDefault() : undefined}
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconHistory size={16} aria-hidden />
        Historial de cambios
      </Group>
    </Anchor>
  ) : null;
  const start =
    historyLink && footerStart ? (
      <Group gap="sm">
        {footerStart}
        {historyLink}
      </Group>
    ) : (
      (footerStart ?? historyLink)
    );
  const buttons = (
    <>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {busyLabel === undefined ? (
        <Button
          type="submit"
          loading={busy}
          disabled={submitDisabled || Boolean(conflict)}
          data-busy={busy || undefined}
        >
          {submitLabel}
        </Button>
      ) : (
        <Button
          type="submit"
          disabled={busy || submitDisabled || Boolean(conflict)}
          data-busy={busy || undefined}
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      )}
    </>
  );
  return (
    <Modal
      opened={opened}
      onClose={busy ? ignore : onCancel}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': 'Cerrar', disabled: busy }}
    >
      {instead ?? (
        <form
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
          noValidate
        >
          <Stack gap={gap}>
            {conflict && (
              <Alert
                color="yellow"
                role="alert"
                title="Registro modificado"
                // The yellow title on yellow is under 4.5:1; the text colour is not.
                styles={{ title: { color: 'var(--mantine-color-text)' } }}
              >
                <Text size="sm">{conflict.message}</Text>
                <Button
                  mt="sm"
                  size="xs"
                  variant="default"
                  onClick={conflict.onReload}
                  loading={conflict.reloading}
                >
                  Recargar
                </Button>
              </Alert>
            )}
            {form ? <FormProvider {...form}>{children}</FormProvider> : children}
            <Group justify={start ? 'space-between' : 'flex-end'} mt={gap === 'sm' ? 'md' : 0} gap="sm">
              {start}
              {start ? <Group gap="sm">{buttons}</Group> : buttons}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
