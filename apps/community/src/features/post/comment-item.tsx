// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { APP_MSG, type TAppCommentItem, ZAppCommentEdit } from '@panel/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Avatar } from '../../components/avatar';
import { Form } from '../../components/form';
import { errorMessage } from '../../lib/api';
import { bumpComments } from '../../lib/post-cache';
import { qk } from '../../lib/query-keys';
import { timeAgo } from '../../lib/time-ago';
import { showToast } from '../../lib/toast';
import { deleteComment, editComment } from './api';

type Mode = 'view' | 'edit' | 'confirm-delete';

/**
 * One comment. The seller's own (`mine`) can be edited or deleted (`canChange`: not while a comment of
 * theirs on this post still waits in the offline queue, whose replay must find what it sent).
 */
export function CommentItem({ comment, canChange }: { comment: TAppCommentItem; canChange: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = `comment-edit-${comment.id}`;

  async function refresh() {
    // The comments open on their last page, computed from the post's count: the post first.
    await queryClient.invalidateQueries({ queryKey: qk.post(comment.post_id) });
    await queryClient.invalidateQueries({ queryKey: qk.comments(comment.post_id) });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = ZAppCommentEdit.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? APP_MSG.commentRequired);
      return;
    }
    setBusy(true);
    try {
      await editComment(comment.id, parsed.data.content);
      setMode('view');
      setError(null);
      await refresh();
      showToast('Comentario editado', 'success');
    } catch (e) {
      setError(errorMessage(e, 'No se pudo editar el comentario'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteComment(comment.id);
      bumpComments(queryClient, comment.post_id, -1);
      await refresh();
      showToast('Comentario borrado', 'success');
    } catch (e) {
      showToast(errorMessage(e, 'No se pudo borrar el comentario'), 'error');
      setMode('view');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="comment">
      <Avatar name={comment.user_name} url={comment.user_avatar} size={32} />
      <div className="comment__bubble">
        <div className="comment__head">
          <strong>{comment.mine ? 'Vos' : comment.user_name}</strong>{' '}
          <time dateTime={comment.created_at}>{timeAgo(comment.created_at)}</time>
          {comment.edited_at && <span className="comment__edited"> · editado</span>}
        </div>
        {mode === 'edit' ? (
          <Form className="comment__edit" onSubmit={save}>
            <label htmlFor={fieldId} className="visually-hidden">
              Editar tu comentario
            </label>
            <textarea
              id={fieldId}
              value={draft}
              maxLength={1000}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${fieldId}-error` : undefined}
            />
            {error && (
              <small id={`${fieldId}-error`} className="field__error" role="alert">
                {error}
              </small>
            )}
            <div className="comment__actions">
              <button type="submit" className="button button--small button--primary" disabled={busy}>
                Guardar
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  setMode('view');
                  setDraft(comment.content);
                  setError(null);
                }}
              >
                Cancelar
              </button>
            </div>
          </Form>
        ) : (
          <p>{comment.content}</p>
        )}
        {mode === 'confirm-delete' && (
          <fieldset className="comment__actions comment__confirm">
            <legend>¿Borrar este comentario?</legend>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={remove}
              disabled={busy}
            >
              Borrar
            </button>
            <button type="button" className="button button--small" onClick={() => setMode('view')}>
              Cancelar
            </button>
          </fieldset>
        )}
        {mode === 'view' && comment.mine && canChange && (
          <div className="comment__actions">
            <button type="button" className="link-button" onClick={() => setMode('edit')}>
              Editar
            </button>
            <button
              type="button"
              className="link-button link-button--danger"
              onClick={() => setMode('confirm-delete')}
            >
              Borrar
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
