// TypeScript 7's native compiler checks the types: about a quarter of TypeScript 5's CPU
// time for the same answers (the server: 10 s against 47 s). TypeScript 5 stays installed
// as `typescript` for typescript-eslint, which needs its JavaScript API.
/** Arguments to `node` that type-check one project on one thread. */
export const tscArgs = (project) => ['node_modules/typescript-native/bin/tsc', '-p', project, '--singleThreaded'];
