export * from './jobs-migration';
export * from './job-runner';
export * from './job-routes';
export * from './request-pressure';
