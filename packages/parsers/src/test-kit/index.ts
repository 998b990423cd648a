// Builders of packages for tests (APK, AAB, HAP, APP, RPK, EXE), a zip writer, and the real
// builds beside the repository: the parsers' own tests, the server's, the browser tests'
// and the bench use the same ones. Nothing here is for production code.
export * from './packages';
export * from './axml-writer';
export * from './signing-writer';
export * from './pe-writer';
export * from './large-apk';
export * from './real-apk';
export * from './real-builds';
export * from './zip-writer';
