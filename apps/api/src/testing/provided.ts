declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database the API tests of this project run on. */
    dbKind: 'pglite' | 'postgres';
    /** pglite: path of the migrated data-directory dump every test file starts from. */
    pgliteTemplatePath: string;
    /** postgres: server URL (any database), template database name, and this run's prefix. */
    pgAdminUrl: string;
    pgTemplate: string;
    pgRunPrefix: string;
  }
}

export {};
