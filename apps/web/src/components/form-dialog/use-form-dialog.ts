import type { TAuditEntity } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type BaseSyntheticEvent, useEffect, useEffectEvent, useState } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { ApiError, apiRequest, preconditionOf, withIfMatch } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { setServerFieldErrors } from './server-field-errors';

export interface UseFormDialogOptions<V extends FieldValues, O, R, S> {
  opened: boolean;
  onClose: () => void;
  /** The API's own schema as a resolver (STYLE.md: one schema, used twice). */
  resolver: Resolver<V, unknown, O>;
  /** The record the dialog edits (null or absent for a new one); the form resets when it changes. */
  record?: S;
  /**
   * What the inputs hold each time the dialog opens (and when `record` changes while open).
   * `undefined` leaves them alone: the record is still loading.
   */
  values: (record: S) => V | undefined;
  /**
   * The audited table of the record (issue 21, item 9): when the dialog edits one (`record` with an
   * `id`), its footer links to "Historial de cambios", the record's entries on Auditoría.
   */
  audit?: TAuditEntity;
  /** With every reset: the dialog's own state outside the form (a checkbox, a preview, chosen files). */
  onReset?: () => void;
  mode?: UseFormProps<V>['mode'];
  reValidateMode?: UseFormProps<V>['reValidateMode'];
  /** A last check the schema cannot make (files held outside the form); false stops, having shown its message. */
  check?: (values: O) => boolean;
  /** Sends the valid values. */
  submit: (values: O) => Promise<R>;
  /** The success toast. */
  success: string;
  /** The error toast when the server sends no message of its own (docs/product.md#messages). */
  failure: string;
  /** After the success toast; default: close the dialog. */
  onSuccess?: (result: R) => void;
  /** After the error toast and the server's field errors under their inputs (e.g. an alert in the dialog). */
  onError?: (error: unknown) => void;
}

/** What `FormDialog` needs from the hook: spread it (`<FormDialog {...dialog} title=...>`). */
export interface FormDialogState<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  opened: boolean;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  /** After a 412: someone else saved the record meanwhile; `onReload` reads it again and resets the form. */
  conflict?: EditConflict;
  /** The edited record's audit entries (`audit` and the record's id), for FormDialog's "Historial de cambios". */
  history: { entity: TAuditEntity; id: number } | null;
}

export interface EditConflict {
  message: string;
  onReload: () => void;
  reloading: boolean;
}

/**
 * The form half of every form dialog: react-hook-form with the shared schema, reset when the dialog
 * opens, submit with the success toast and close, or the server's field errors under the inputs
 * and the error toast. The dialog keeps its fields, texts and real rules.
 */
export function useFormDialog<V extends FieldValues, O, R = unknown, S = undefined>(
  options: UseFormDialogOptions<V, O, R, S>,
): FormDialogState<V, O> {
  const { opened, onClose, resolver, record, values, onReset, mode, reValidateMode } = options;
  const queryClient = useQueryClient();
  // The record as read again after a 412 (for this opening), and the conflict to show.
  const [fresh, setFresh] = useState<{ of: S; record: S } | null>(null);
  const [stale, setStale] = useState<{ path: string; message: string } | null>(null);
  const [reloading, setReloading] = useState(false);
  const current = fresh && fresh.of === record ? fresh.record : record;
  // Computed once: later openings reset the form themselves.
  const [defaultValues] = useState(() => values(record as S));
  const form = useForm<V, unknown, O>({
    resolver,
    mode,
    reValidateMode,
    // FormDialog brings the first problem in reading order into view and focuses it, whatever the
    // field (react-hook-form would focus the first registered input only, in registration order).
    shouldFocusError: false,
    defaultValues: defaultValues as UseFormProps<V>['defaultValues'],
  });

  // An Effect Event: reads the latest `values` and `onReset` without making them dependencies.
  const fill = (source: S) => {
    const next = values(source);
    if (next === undefined) return;
    form.reset(next);
    onReset?.();
  };
  const resetForm = useEffectEvent((source: S) => {
    setFresh(null);
    setStale(null);
    fill(source);
  });
  useEffect(() => {
    if (opened) resetForm(record as S);
  }, [opened, record]);

  const onSubmit = form.handleSubmit(async (parsed) => {
    const { check, submit, success, failure, onSuccess, onError } = options;
    if (check && !check(parsed)) return;
    // The version this form was filled from goes with the save, once (lib/api-client.ts).
    const precondition = preconditionOf(current);
    try {
      const result = await withIfMatch(precondition, () => submit(parsed));
      notify.success(success);
      if (onSuccess) onSuccess(result);
      else onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412 && precondition?.sentTo) {
        setStale({ path: precondition.sentTo, message: error.message });
        onError?.(error);
        return;
      }
      setServerFieldErrors(error, form.setError);
      notify.apiError(error, failure);
      onError?.(error);
    }
  });

  const reload = async () => {
    if (!stale) return;
    setReloading(true);
    try {
      const { data } = await apiRequest<{ data: S }>(stale.path);
      setFresh({ of: record as S, record: data });
      setStale(null);
      fill(data);
      // The list behind the dialog shows the other person's change too.
      void queryClient.invalidateQueries();
    } catch (error) {
      notify.apiError(error, options.failure);
    } finally {
      setReloading(false);
    }
  };

  const recordId = (record as { id?: unknown } | null | undefined)?.id;
  return {
    form,
    opened,
    onClose,
    onSubmit,
    history: options.audit && typeof recordId === 'number' ? { entity: options.audit, id: recordId } : null,
    busy: form.formState.isSubmitting,
    conflict: stale ? { message: stale.message, onReload: reload, reloading } : undefined,
  };
}
