// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import { APP_MSG, ZAppCommentInput } from '@panel/shared';
import { IconMessageCircle, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'wouter';
import { Avatar } from '../../components/avatar';
import { Form } from '../../components/form';
import { Gallery } from '../../components/gallery';
import { LikeButton } from '../../components/like-button';
import { LoadState } from '../../components/load-state';
import { PostHeader } from '../../components/post-header';
import { Spinner } from '../../components/spinner';
import { BackBar } from '../../components/top-bar';
import { submitAction } from '../../lib/outbox';
import { useSessionState } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { usePendingActions } from '../../lib/use-outbox';
import { useSeenPost } from '../../lib/views';
import { useComments, usePost } from './api';
import { CommentItem } from './comment-item';

/** Publicación: the post, its comments (newest last, older ones on request) and the comment box. */
export default function PostPage() {
  const { id } = useParams<{ id: string }>();
  const postId = Number(id);
  const { session } = useSessionState();
  const post = usePost(postId);
  const comments = useComments(postId, post.data?.data.comments_count);
  const pending = usePendingActions();
  // Half of it on screen for a second: seen, as in the feed.
  const seen = useSeenPost<HTMLElement>(postId);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const waiting = pending.filter((a) => a.kind === 'comment' && a.path === `/app/posts/${postId}/comments`);
  const list = comments.data?.pages.flatMap((page) => page.data) ?? [];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZAppCommentInput.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? APP_MSG.commentRequired);
      return;
    }
    setError(null);
    setBusy(true);
    const result = await submitAction({
      kind: 'comment',
      method: 'POST',
      path: `/app/posts/${postId}/comments`,
      body: { content: parsed.data.content },
      idempotencyKey: crypto.randomUUID(),
    });
    setBusy(false);
    if (result.status === 'refused') {
      setError(result.message);
      return;
    }
    setDraft('');
    if (result.status === 'queued')
      showToast('Sin conexión: tu comentario se envía cuando vuelva la conexión.');
  }

  return (
    <main className="screen">
      <BackBar title="Publicación" href="/" label="Volver al inicio" />
      <LoadState
        isPending={post.isPending}
        error={post.isError ? post.error : null}
        fallback="Error al cargar la publicación"
        onRetry={() => void post.refetch()}
      />
      {post.data && (
        <>
          <article ref={seen} className="post card">
            <PostHeader post={post.data.data} />
            {post.data.data.content && <p className="post__content">{post.data.data.content}</p>}
            <Gallery
              images={post.data.data.images}
              label={`la publicación de ${post.data.data.user_name}`}
              priority
            />
            <div className="post__actions">
              <LikeButton post={post.data.data} pending={pending} />
              <span className="action action--static">
                <IconMessageCircle size={22} aria-hidden />
                {post.data.data.comments_count} <span className="visually-hidden">comentarios</span>
              </span>
            </div>
          </article>

          <section className="card comments" aria-labelledby="comments-title">
            <h2 id="comments-title">Comentarios</h2>
            {comments.hasPreviousPage && (
              <button
                type="button"
                className="button button--small comments__older"
                onClick={() => void comments.fetchPreviousPage()}
                disabled={comments.isFetchingPreviousPage}
              >
                {comments.isFetchingPreviousPage ? 'Cargando…' : 'Ver comentarios anteriores'}
              </button>
            )}
            {comments.isPending && <Spinner label="Cargando comentarios…" />}
            {comments.isError && !comments.data && (
              <p className="alert alert--error" role="alert">
                No se pudieron cargar los comentarios.{' '}
                <button type="button" className="link-button" onClick={() => void comments.refetch()}>
                  Reintentar
                </button>
              </p>
            )}
            {comments.isSuccess && list.length === 0 && waiting.length === 0 && (
              <p className="muted">Todavía no hay comentarios. ¡Escribí el primero!</p>
            )}
            <ol className="comments__list">
              {list.map((c) => (
                <CommentItem key={c.id} comment={c} canChange={waiting.length === 0} />
              ))}
              {waiting.map((a) => (
                <li key={a.id} className="comment comment--pending">
                  <Avatar name={session?.user.name ?? 'Vos'} size={32} />
                  <div className="comment__bubble">
                    <div className="comment__head">
                      <strong>Vos</strong> <span className="badge-pending">Pendiente de envío</span>
                    </div>
                    <p>{(a.body as { content: string }).content}</p>
                  </div>
                </li>
              ))}
            </ol>
            <Form className="comment-box" onSubmit={onSubmit}>
              <label htmlFor="comment-input" className="visually-hidden">
                Escribí un comentario
              </label>
              <textarea
                id="comment-input"
                rows={1}
                value={draft}
                maxLength={1000}
                placeholder="Escribí un comentario…"
                onChange={(e) => setDraft(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'comment-error' : undefined}
              />
              <button
                type="submit"
                className="icon-button icon-button--filled"
                aria-label="Enviar comentario"
                disabled={busy}
              >
                <IconSend size={22} aria-hidden />
              </button>
            </Form>
            {error && (
              <small id="comment-error" className="field__error" role="alert">
                {error}
              </small>
            )}
          </section>
        </>
      )}
    </main>
  );
}
