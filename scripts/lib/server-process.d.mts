// Types of server-process.mjs, for the browser tests that start the built server themselves.
export declare const SERVER_ENTRY: string;

export declare function serverProcess(env?: NodeJS.ProcessEnv): {
  nodeArgs: string[];
  args: string[];
  env: NodeJS.ProcessEnv;
};
