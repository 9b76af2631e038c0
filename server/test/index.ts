export * from './app.ts';
export * from './factories.ts';
export * from './http.ts';
