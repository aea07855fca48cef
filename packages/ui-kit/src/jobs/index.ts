export * from './job-model';
export * from './JobProgress';
