import { Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  CSV_ALWAYS_QUOTE,
  csvSafe,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  roleLabel,
  type TUserImportCredential,
  type TUserImportPreview,
  type TUserImportRow,
} from '@panel/shared';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { useEffect, useRef, useState } from 'react';
import { EmailText } from '../../../components/email-text';
import type { ResourceListCard, ResourceListColumn } from '../../../components/resource-list/list-columns';
import { inMemoryResult, ListView } from '../../../components/resource-list/list-view';
import { ApiError, errorMessage, saveBlob } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permissions';
import { previewImport, useCommitImport } from '../api/import-users';
import classes from './import-users-dialog.module.css';

/** A CSV as Excel in es-AR opens it: UTF-8 with a BOM, `;` separated, formula cells quoted. */
function spreadsheetCsv(rows: string[][]): Blob {
  const text = stringify(
    rows.map((row) => row.map(csvSafe)),
    { delimiter: ';', record_delimiter: 'windows', quoted_match: CSV_ALWAYS_QUOTE },
  );
  return new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
}

export function credentialsCsv(credentials: TUserImportCredential[]): Blob {
  return spreadsheetCsv([
    ['Nombre', 'Email', 'Contraseña inicial'],
    ...credentials.map((c) => [c.name, c.email, c.password]),
  ]);
}

const TEMPLATE = [
  ['Nombre', 'Email', 'Rol', 'Sucursal', 'Contraseña'],
  ['Lucía Fernández', 'lucia.fernandez@empresa.com.ar', 'Vendedor', '', ''],
];

interface ImportUsersDialogProps {
  opened: boolean;
  onClose: () => void;
}

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; file: File; bytes: ArrayBuffer; preview: TUserImportPreview }
  | { kind: 'done'; created: number; credentials: TUserImportCredential[] };

/**
 * "Importar vendedores": pick a CSV, see every row with its problems, confirm; all rows are
 * created or none. Generated initial passwords are offered once as a CSV download.
 */
export function ImportUsersDialog({ opened, onClose }: ImportUsersDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // Empties the browser's file input once a file is read: a browser fires no change for the file it
  // already holds, so the corrected file, chosen again under the same name, would not be read.
  const resetFileInput = useRef<() => void>(null);
  // Each choice is numbered: the preview of a file chosen before the last one is dropped.
  const choice = useRef(0);
  const commit = useCommitImport();

  useEffect(() => {
    if (!opened) return;
    setStep({ kind: 'pick' });
    setFile(null);
    setFileError(null);
  }, [opened]);

  const choose = async (chosen: File | null) => {
    const current = ++choice.current;
    setFile(chosen);
    setFileError(null);
    setStep({ kind: 'pick' });
    if (!chosen) return;
    resetFileInput.current?.();
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFileError(`El archivo supera los ${Math.round(IMPORT_MAX_BYTES / 1024)} KB.`);
      return;
    }
    setReading(true);
    try {
      // The bytes as they are: the server reads UTF-8 and also Excel's Windows-1252 (Latin-1).
      const bytes = await chosen.arrayBuffer();
      const preview = await previewImport(bytes);
      if (current === choice.current) setStep({ kind: 'preview', file: chosen, bytes, preview });
    } catch (error) {
      if (current === choice.current) setFileError(errorMessage(error, 'No se pudo leer el archivo'));
    } finally {
      if (current === choice.current) setReading(false);
    }
  };

  const confirm = async () => {
    if (step.kind !== 'preview') return;
    try {
      const result = await commit.mutateAsync(step.bytes);
      notify.success(
        result.created === 1 ? 'Se importó 1 persona' : `Se importaron ${result.created} personas`,
      );
      setStep({ kind: 'done', created: result.created, credentials: result.credentials });
    } catch (error) {
      // Someone may have added one of these emails meanwhile: show the refreshed preview.
      const body = error instanceof ApiError ? (error.body as { preview?: TUserImportPreview }) : undefined;
      if (body?.preview) setStep({ ...step, preview: body.preview });
      notify.apiError(error, 'Error al importar');
    }
  };

  const downloadCredentials = (credentials: TUserImportCredential[]) =>
    saveBlob(credentialsCsv(credentials), 'contrasenas-iniciales.csv');

  const busy = reading || commit.isPending;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title="Importar vendedores"
      size={1040}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {step.kind === 'done' ? (
        <Stack gap="sm">
          <Alert color="teal" variant="light" title="Importación terminada">
            {step.created === 1 ? 'Se creó 1 persona.' : `Se crearon ${step.created} personas.`}
          </Alert>
          {step.credentials.length > 0 && (
            <>
              <Text size="sm">
                {step.credentials.length === 1
                  ? 'Una persona recibió una contraseña inicial generada.'
                  : `${step.credentials.length} personas recibieron una contraseña inicial generada.`}{' '}
                Descargá la lista ahora: no se guarda en ningún lado y no se puede volver a ver.
              </Text>
              <Group>
                <Button
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => downloadCredentials(step.credentials)}
                >
                  Descargar contraseñas iniciales
                </Button>
              </Group>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <ImportHelp />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label="Archivo CSV"
              placeholder="Elegí un archivo .csv"
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              value={file}
              onChange={choose}
              resetRef={resetFileInput}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
              disabled={busy}
              error={fileError}
              style={{ flex: '1 1 260px' }}
            />
            <Button
              variant="subtle"
              onClick={() => saveBlob(spreadsheetCsv(TEMPLATE), 'plantilla-vendedores.csv')}
            >
              Descargar plantilla
            </Button>
          </Group>
          {reading && (
            <Text size="sm" c="dimmed" role="status">
              Leyendo el archivo...
            </Text>
          )}
          {step.kind === 'preview' && <ImportPreview preview={step.preview} />}
          <Group justify="flex-end" mt="sm" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancelar
            </Button>
            <Button
              onClick={confirm}
              loading={commit.isPending}
              disabled={step.kind !== 'preview' || step.preview.error_count > 0 || reading}
            >
              {step.kind === 'preview' && step.preview.error_count === 0
                ? `Importar ${step.preview.total} ${step.preview.total === 1 ? 'persona' : 'personas'}`
                : 'Importar'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

const lineOf = (row: TUserImportRow) => row.line;

/** What the file holds: a branch manager imports sellers of their own branch only (the API's scope). */
function ImportHelp() {
  const own = usePermissions().ownBranch;
  const columns = own ? (
    <>
      <b>email</b>, y opcionalmente <b>contraseña</b>. Todos entran como vendedores de {own.name}.
    </>
  ) : (
    <>
      <b>email</b>, y opcionalmente <b>rol</b> (Vendedor, Encargado o Administrador), <b>sucursal</b> (por su
      nombre; la de un encargado es obligatoria) y <b>contraseña</b>.
    </>
  );
  return (
    <Text size="sm">
      Un archivo CSV (separado por comas o punto y coma) con una fila de encabezados: <b>nombre</b> y{' '}
      {columns} Hasta {IMPORT_MAX_ROWS} filas. Quien no tenga contraseña recibe una generada.
    </Text>
  );
}

function Problems({ row }: { row: TUserImportRow }) {
  if (row.errors.length === 0) {
    return (
      <Badge color="teal.9" variant="filled">
        OK
      </Badge>
    );
  }
  return (
    <List size="sm" c="red.9" spacing={2} data-invalid>
      {row.errors.map((e) => (
        <List.Item key={e}>{e}</List.Item>
      ))}
    </List>
  );
}

const PREVIEW_COLUMNS: ResourceListColumn<TUserImportRow>[] = [
  { key: 'line', header: 'Fila', width: 60 },
  { key: 'name', header: 'Nombre', minWidth: 130 },
  {
    key: 'email',
    header: 'Email',
    minWidth: 180,
    priority: 2,
    render: (r) => (r.email ? <EmailText email={r.email} /> : ''),
  },
  { key: 'role', header: 'Rol', width: 120, priority: 3, render: (r) => (r.role ? roleLabel(r.role) : '—') },
  { key: 'branch', header: 'Sucursal', width: 140, priority: 3 },
  { key: 'active', header: 'Activo', width: 80, priority: 3, render: (r) => (r.active ? 'Sí' : 'No') },
  { key: 'errors', header: 'Problemas', minWidth: 170, render: (r) => <Problems row={r} /> },
];

const PREVIEW_CARD: ResourceListCard<TUserImportRow> = {
  primary: (r) => `Fila ${r.line} · ${r.name || '—'}`,
  secondary: (r) => (r.email ? <EmailText email={r.email} /> : '—'),
  figures: ['role', 'branch', 'active', 'errors'],
};

function ImportPreview({ preview }: { preview: TUserImportPreview }) {
  return (
    <Stack gap="xs">
      {preview.error_count > 0 ? (
        <Alert color="red" variant="light" role="alert">
          {preview.error_count === 1
            ? `Una de ${preview.total} filas tiene problemas.`
            : `${preview.error_count} de ${preview.total} filas tienen problemas.`}{' '}
          Corregí el archivo y volvé a elegirlo: no se importa ninguna persona mientras haya problemas.
        </Alert>
      ) : (
        <Alert color="teal" variant="light">
          {preview.total === 1 ? 'La fila está lista' : `Las ${preview.total} filas están listas`} para
          importar.
        </Alert>
      )}
      {/* Up to 500 rows: the preview scrolls down inside the dialog (a focusable region, so the
          keyboard scrolls it too), never sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1). */}
      <section className={classes.preview} aria-label="Vista previa" tabIndex={0}>
        <ListView
          title="Vista previa"
          result={inMemoryResult(preview.rows)}
          columns={PREVIEW_COLUMNS}
          card={PREVIEW_CARD}
          getRowId={lineOf}
          loadingText=""
          emptyText="El archivo no tiene filas."
          errorText=""
        />
      </section>
    </Stack>
  );
}
