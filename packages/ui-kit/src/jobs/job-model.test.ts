import { jobPath, jobPercent, rememberedJobs, type JobStorage } from './job-model';

function memoryStorage(): JobStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('job progress model', () => {
  it('shows whole percent of the counted work, 100 once succeeded, 0 before the work is counted', () => {
    expect(jobPercent({ status: 'running', done: 1, total: 3 })).toBe(33);
    expect(jobPercent({ status: 'queued', done: 0, total: 0 })).toBe(0);
    expect(jobPercent({ status: 'succeeded', done: 0, total: 0 })).toBe(100);
    expect(jobPercent({ status: 'running', done: 9, total: 4 })).toBe(100);
  });

  it("names the job's route of its service", () => {
    expect(jobPath('inventory', '0191-ab')).toBe('/api/inventory/jobs/0191-ab');
  });

  it("remembers a screen's job for the tab, so a reload finds it, and never hands back junk", () => {
    const storage = memoryStorage();
    const items = rememberedJobs(storage, '/api/data-migration/Items');
    expect(items.get()).toBeNull();
    items.set('01936b2a-7c1e-7000-8000-000000000001');
    expect(rememberedJobs(storage, '/api/data-migration/Items').get()).toBe(
      '01936b2a-7c1e-7000-8000-000000000001',
    );
    expect(rememberedJobs(storage, '/api/data-migration/Customers').get()).toBeNull();
    storage.data.set('erp.job./api/data-migration/Items', '../../admin');
    expect(items.get()).toBeNull();
    items.clear();
    expect(storage.data.size).toBe(0);
    expect(rememberedJobs(null, 'x').get()).toBeNull();
  });
});
