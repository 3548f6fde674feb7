import { availableParallelism } from 'node:os';
import {
  csvUnguard,
  IMPORT_MAX_ROWS,
  MSG,
  passwordProblem,
  type TRole,
  type TUserImportCredential,
  type TUserImportPreview,
  type TUserImportRow,
  USER_MSG,
  ZUserCreate,
} from '@panel/shared';
import { parse } from 'csv-parse/sync';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { scopeBranch } from '../auth/branch-scope.ts';
import { generatePassword, hashPassword } from '../auth/passwords.ts';
import type { SessionUser } from '../auth/sessions.ts';

/** Lower case, no accents, single spaces: how header names, roles and branch names are matched. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Header names understood per column, in Spanish and English (already folded). */
const HEADERS = {
  name: ['name', 'nombre', 'nombre completo', 'nombre y apellido', 'full name'],
  email: ['email', 'e-mail', 'mail', 'correo', 'correo electronico'],
  role: ['role', 'rol'],
  branch: ['branch', 'sucursal'],
  password: ['password', 'contrasena', 'clave'],
  active: ['active', 'activo', 'activa', 'estado'],
} as const;
type Column = keyof typeof HEADERS;

const ROLE_WORDS: Record<string, TRole> = {
  seller: 'seller',
  vendedor: 'seller',
  vendedora: 'seller',
  admin: 'admin',
  administrador: 'admin',
  administradora: 'admin',
  // The Rol column of an export writes "Encargado"; the user form, "Encargado de sucursal".
  encargado: 'branch_manager',
  encargada: 'branch_manager',
  'encargado de sucursal': 'branch_manager',
  'encargada de sucursal': 'branch_manager',
  branch_manager: 'branch_manager',
  'branch manager': 'branch_manager',
};

/** `Activo` as the export writes it (Sí / No), and the usual other spellings; empty = active. */
const ACTIVE_WORDS: Record<string, boolean> = {
  si: true,
  yes: true,
  true: true,
  '1': true,
  activo: true,
  activa: true,
  no: false,
  false: false,
  '0': false,
  inactivo: false,
  inactiva: false,
};

export interface CsvRow {
  line: number;
  name: string;
  email: string;
  role: string;
  branch: string;
  password: string;
  active: string;
}

/** `;` when the header line has more semicolons than commas (Excel in es-AR), else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1252 = new TextDecoder('windows-1252');

/**
 * The file's text. UTF-8 (with or without BOM) as it is; anything that is not valid UTF-8 is read
 * as Windows-1252, what Excel in Spanish saves as "CSV (delimitado por comas)" (Latin-1 plus € and
 * curly quotes), so "Lucía" stays "Lucía" instead of "Luc�a". UTF-16 is refused with a clear message.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw badRequest(USER_MSG.importUtf16);
  }
  try {
    return UTF8.decode(bytes);
  } catch {
    return WINDOWS_1252.decode(bytes);
  }
}

/**
 * Reads the CSV into rows by header name. Refuses (400) a file that cannot be parsed, has no
 * name/email header, no data rows, or more than IMPORT_MAX_ROWS rows. Blank lines are skipped.
 */
export function readUserCsv(text: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(line ? `${USER_MSG.importUnreadable} (fila ${line})` : USER_MSG.importUnreadable);
  }
  const [header, ...data] = records;
  if (!header) throw badRequest(USER_MSG.importEmpty);

  const index = {} as Record<Column, number>;
  const folded = header.record.map(fold);
  for (const column of Object.keys(HEADERS) as Column[]) {
    index[column] = folded.findIndex((h) => (HEADERS[column] as readonly string[]).includes(h));
  }
  if (index.name < 0 || index.email < 0) throw badRequest(USER_MSG.importMissingColumns);

  // The export's formula guard (a `'` before =, +, -, @, a tab or a CR) is taken off again, so an
  // exported file imports back as it was; a password is read exactly as written.
  const cell = (record: string[], column: Column) => {
    const value = index[column] >= 0 ? (record[index[column]] ?? '') : '';
    return column === 'password' ? value : csvUnguard(value);
  };
  const rows = data
    .filter(({ record }) => record.some((value) => value !== ''))
    .map(({ record, info }) => ({
      line: info.lines,
      name: cell(record, 'name'),
      email: cell(record, 'email'),
      role: cell(record, 'role'),
      branch: cell(record, 'branch'),
      password: cell(record, 'password'),
      active: cell(record, 'active'),
    }));
  if (rows.length === 0) throw badRequest(USER_MSG.importEmpty);
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(USER_MSG.importTooManyRows);
  return rows;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** What the database already holds for these rows: existing emails, and branch ids by folded name. */
export interface ImportLookups {
  existingEmails: Set<string>;
  branchIds: Map<string, number[]>;
}

/**
 * A branch manager's import (docs/product.md#branch-managers): sellers of their branch only. A row that
 * names another role or another branch is a problem of that row (so nothing is imported); a row without
 * a branch goes to theirs.
 */
export interface ImportScope {
  branchId: number;
  branchName: string;
}

/** The scope of `actor`'s import: null for an administrator (every role and branch). */
export function importScope(
  actor: Pick<SessionUser, 'role' | 'branch_id' | 'branch_name'>,
): ImportScope | null {
  const branchId = scopeBranch(actor);
  return branchId === null ? null : { branchId, branchName: actor.branch_name ?? '' };
}

/** Each row's problems, in Spanish (pure: the lookups come from the database). */
export function checkRows(
  rows: CsvRow[],
  lookups: ImportLookups,
  scope: ImportScope | null = null,
): TUserImportRow[] {
  const firstLineOf = new Map<string, number>();
  return rows.map((row) => {
    const errors: string[] = [];
    const name = row.name.trim();
    const nameIssue = firstIssue(ZUserCreate.shape.name.safeParse(name));
    if (nameIssue) errors.push(name ? nameIssue : USER_MSG.rowNameRequired);

    const email = row.email.trim().toLowerCase();
    if (firstIssue(ZUserCreate.shape.email.safeParse(email))) {
      errors.push(USER_MSG.rowEmailInvalid);
    } else {
      const first = firstLineOf.get(email);
      if (first !== undefined) errors.push(USER_MSG.rowEmailRepeated(first));
      else firstLineOf.set(email, row.line);
      if (lookups.existingEmails.has(email)) errors.push(USER_MSG.rowEmailExists);
    }

    let role: TRole | null = 'seller';
    if (row.role.trim()) {
      role = ROLE_WORDS[fold(row.role)] ?? null;
      if (!role) errors.push(USER_MSG.rowRoleInvalid(row.role.trim()));
      else if (scope && role !== 'seller') errors.push(MSG.managersOnlySellers);
    }

    let branchId: number | null = null;
    let branch = row.branch.trim();
    if (branch) {
      const ids = lookups.branchIds.get(fold(branch)) ?? [];
      if (ids.length === 0) errors.push(USER_MSG.rowBranchUnknown(branch));
      else if (ids.length > 1) errors.push(USER_MSG.rowBranchAmbiguous(branch));
      else branchId = ids[0]!;
      if (scope && branchId !== null && branchId !== scope.branchId) errors.push(MSG.otherBranch);
    } else if (scope) {
      branchId = scope.branchId;
      branch = scope.branchName;
    }
    if (role === 'branch_manager' && branchId === null && branch === '') {
      errors.push(MSG.managerBranchRequired);
    }

    let active = true;
    if (row.active.trim()) {
      const word = ACTIVE_WORDS[fold(row.active)];
      if (word === undefined) errors.push(USER_MSG.rowActiveInvalid(row.active.trim()));
      else active = word;
    }

    const passwordIssue = row.password !== '' ? passwordProblem(row.password) : null;
    if (passwordIssue) errors.push(passwordIssue);

    // PostgreSQL text cannot hold NUL: caught here, with its row, instead of failing the import.
    if (
      [row.name, row.email, row.role, row.branch, row.password, row.active].some((v) => v.includes('\u0000'))
    ) {
      errors.push(USER_MSG.rowInvalidCharacters);
    }

    return {
      line: row.line,
      name,
      email,
      role,
      branch,
      branch_id: branchId,
      active,
      has_password: row.password !== '',
      errors,
    };
  });
}

export async function loadLookups(db: Db, rows: CsvRow[]): Promise<ImportLookups> {
  const emails = [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(Boolean))];
  const branchNames = [...new Set(rows.map((r) => fold(r.branch)).filter(Boolean))];
  const [existing, found] = await Promise.all([
    emails.length > 0
      ? db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
      : Promise.resolve([]),
    branchNames.length > 0
      ? db
          .select({ id: branches.id, key: sql<string>`f_unaccent(lower(${branches.name}))` })
          .from(branches)
          .where(inArray(sql`f_unaccent(lower(${branches.name}))`, branchNames))
      : Promise.resolve([]),
  ]);
  const branchIds = new Map<string, number[]>();
  for (const b of found) {
    const key = fold(b.key);
    branchIds.set(key, [...(branchIds.get(key) ?? []), b.id]);
  }
  return { existingEmails: new Set(existing.map((e) => e.email)), branchIds };
}

/** The preview of a CSV, plus the passwords it carries by line (never sent back). */
export async function analyseImport(
  db: Db,
  text: string,
  scope: ImportScope | null = null,
): Promise<{ preview: TUserImportPreview; passwords: Map<number, string> }> {
  const rows = readUserCsv(text);
  const checked = checkRows(rows, await loadLookups(db, rows), scope);
  const passwords = new Map(rows.filter((r) => r.password !== '').map((r) => [r.line, r.password]));
  return {
    preview: {
      rows: checked,
      total: checked.length,
      error_count: checked.filter((r) => r.errors.length > 0).length,
    },
    passwords,
  };
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of results. */
export async function mapConcurrent<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A clean preview's rows with their password hashes, ready to be inserted. */
export interface HashedImport {
  rows: { row: TUserImportRow; passwordHash: string }[];
  credentials: TUserImportCredential[];
}

/**
 * Hashes the passwords of a clean preview's rows, a few at a time (each scrypt hash takes 128 MiB
 * and about 0.3 s by design). It runs before any transaction opens: the import's route does it in
 * its preHandler, ahead of the audited transaction, so twenty rows do not hold the embedded
 * database's one connection for seconds.
 */
export async function hashImport(
  rows: TUserImportRow[],
  passwords: Map<number, string>,
): Promise<HashedImport> {
  const credentials: TUserImportCredential[] = [];
  const prepared = rows.map((row) => {
    let password = passwords.get(row.line);
    if (password === undefined) {
      password = generatePassword();
      credentials.push({ name: row.name, email: row.email, password });
    }
    return { row, password };
  });
  // Two at a time keeps the peak at 256 MiB next to the database; more would not finish sooner on 2 cores.
  const concurrency = Math.max(1, Math.min(2, availableParallelism()));
  const hashes = await mapConcurrent(prepared, concurrency, ({ password }) => hashPassword(password));
  return { rows: prepared.map(({ row }, i) => ({ row, passwordHash: hashes[i]! })), credentials };
}

/** Creates every row of a hashed import in one transaction. */
export async function commitImport(
  db: Db,
  { rows, credentials }: HashedImport,
): Promise<{ created: number; credentials: TUserImportCredential[] }> {
  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      rows.map(({ row, passwordHash }) => ({
        name: row.name,
        email: row.email,
        role: row.role ?? 'seller',
        branchId: row.branch_id,
        active: row.active,
        passwordHash,
      })),
    );
  });
  return { created: rows.length, credentials };
}
