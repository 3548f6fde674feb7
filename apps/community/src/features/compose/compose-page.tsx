// zod's Spanish messages, set before this form's schema parses (only the screens with a form load zod).
import '../../lib/zod-config';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  MEDIA_MSG,
  POST_CONTENT_MAX,
  POST_IMAGES_MAX,
  type TAppPost,
  ZPostInput,
} from '@panel/shared';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { TopBar } from '../../components/top-bar';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/online';
import { qk } from '../../lib/query-keys';
import { resizeImage } from '../../lib/resize-image';
import { useSessionState } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { uploadForm } from '../../lib/upload';

interface Photo {
  id: string;
  file: File;
  preview: string;
}

/** Publicar: text (500 characters) and 1 to 5 photos, made smaller here, sent with a progress bar. */
export default function ComposePage() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const online = useOnline();
  const { session } = useSessionState();
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ content?: string; images?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const photosRef = useRef(photos);
  photosRef.current = photos;

  // The previews' object URLs are freed when the screen closes.
  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const room = POST_IMAGES_MAX - photos.length;
    if (files.length > room) setErrors((e) => ({ ...e, images: MEDIA_MSG.tooManyImages }));
    else setErrors((e) => ({ ...e, images: undefined }));
    const chosen = files.slice(0, Math.max(0, room));
    setPreparing((n) => n + chosen.length);
    const ready = await Promise.all(
      chosen.map(async (file) => {
        const small = await resizeImage(file);
        return { id: crypto.randomUUID(), file: small, preview: URL.createObjectURL(small) };
      }),
    );
    setPreparing((n) => n - chosen.length);
    setPhotos((current) => [...current, ...ready].slice(0, POST_IMAGES_MAX));
  }

  function removePhoto(id: string) {
    setPhotos((current) => {
      const gone = current.find((p) => p.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((p) => p.id !== id);
    });
    setErrors((e) => ({ ...e, images: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next: typeof errors = {};
    const parsed = ZPostInput.safeParse({ content });
    if (!parsed.success) next.content = parsed.error.issues[0]?.message;
    if (photos.length === 0) next.images = MEDIA_MSG.imagesRequired;
    else if (photos.length > POST_IMAGES_MAX) next.images = MEDIA_MSG.tooManyImages;
    else if (photos.some((p) => p.file.size > IMAGE_MAX_BYTES)) next.images = MEDIA_MSG.imagesTooLarge;
    setErrors(next);
    if (next.content || next.images || !parsed.success) return;

    const form = new FormData();
    form.append('content', parsed.data.content);
    for (const photo of photos) form.append('images[]', photo.file, photo.file.name);
    setProgress(0);
    try {
      const { data } = await uploadForm<{ data: TAppPost & { points_awarded: number } }>(
        '/app/posts',
        form,
        setProgress,
      );
      await queryClient.invalidateQueries({ queryKey: qk.feed });
      void queryClient.invalidateQueries({ queryKey: qk.points });
      showToast(
        data.points_awarded > 0 ? `Publicación creada. +${data.points_awarded} puntos` : 'Publicación creada',
        'success',
      );
      navigate('/');
    } catch (error) {
      setFailure(errorMessage(error, MEDIA_MSG.postSaveError));
      setProgress(null);
    }
  }

  const sending = progress !== null;
  const left = POST_CONTENT_MAX - content.length;

  return (
    <main className="screen">
      <TopBar title="Publicar" />
      <Form className="card compose" onSubmit={onSubmit}>
        <p className="muted small">
          Se publica para{' '}
          {session?.user.branch_name ? `la sucursal ${session.user.branch_name}` : 'tu sucursal'}.
        </p>
        {!online && (
          <p className="alert alert--info" role="status">
            Sin conexión: para publicar hace falta conexión. Tu texto y tus fotos quedan acá mientras tanto.
          </p>
        )}
        <Field
          id="compose-content"
          label="Texto"
          error={errors.content}
          describedBy="compose-content-count"
          hint={
            <small id="compose-content-count" className={`field__hint${left < 0 ? ' field__error' : ''}`}>
              {content.length}/{POST_CONTENT_MAX}
            </small>
          }
          control={(props) => (
            <textarea
              {...props}
              value={content}
              maxLength={POST_CONTENT_MAX}
              placeholder="¿Qué querés contarle al equipo?"
              onChange={(e) => setContent(e.currentTarget.value)}
              disabled={sending}
            />
          )}
        />

        <fieldset
          className="field photos"
          aria-invalid={Boolean(errors.images)}
          aria-describedby="compose-photos-error"
        >
          <legend>
            Fotos ({photos.length}/{POST_IMAGES_MAX})
          </legend>
          <ul className="thumbs">
            {photos.map((photo, i) => (
              <li key={photo.id} className="thumbs__item">
                <img src={photo.preview} alt={`Foto ${i + 1}`} />
                {!sending && (
                  <button
                    type="button"
                    className="thumbs__remove"
                    aria-label={`Quitar foto ${i + 1}`}
                    onClick={() => removePhoto(photo.id)}
                  >
                    <IconX size={16} aria-hidden />
                  </button>
                )}
              </li>
            ))}
            {preparing > 0 && (
              <li className="thumbs__item thumbs__item--busy" role="status">
                Preparando…
              </li>
            )}
          </ul>
          {photos.length < POST_IMAGES_MAX && !sending && (
            <div className="row">
              <button type="button" className="button" onClick={() => camera.current?.click()}>
                <IconCamera size={20} aria-hidden /> Cámara
              </button>
              <button type="button" className="button" onClick={() => gallery.current?.click()}>
                <IconPhoto size={20} aria-hidden /> Galería
              </button>
            </div>
          )}
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={addFiles}
            data-testid="compose-camera"
          />
          <input
            ref={gallery}
            type="file"
            accept={`${IMAGE_ACCEPT},image/heic,image/heif`}
            multiple
            hidden
            onChange={addFiles}
            data-testid="compose-gallery"
          />
          {errors.images && (
            <small id="compose-photos-error" className="field__error">
              {errors.images}
            </small>
          )}
        </fieldset>

        {sending && (
          <div
            className="progress"
            role="progressbar"
            aria-label="Subiendo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span className="progress__label">Subiendo… {progress}%</span>
            <span className="progress__track">
              <span className="progress__bar" style={{ width: `${progress}%` }} />
            </span>
          </div>
        )}
        <ErrorAlert>{failure}</ErrorAlert>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={sending || preparing > 0 || !online}
        >
          {sending ? 'Publicando…' : 'Publicar'}
        </button>
      </Form>
    </main>
  );
}
