export * from './app.ts';
export * from './case-documents.ts';
export * from './email-links.ts';
export * from './eventually.ts';
export * from './factories.ts';
export * from './http.ts';
export * from './sessions.ts';
export * from './smtp.ts';
