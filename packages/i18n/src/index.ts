// The server's messages and the labels are separate modules: a screen that shows labels only (a list) does not
// bundle the server texts of six languages.
export * from './languages';
export * from './server-texts';
export * from './labels';
export * from './dates/dates';
