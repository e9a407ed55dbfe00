// Issue 29 point 3: the brand of a user's reports, saved and read the same on SQLite and
// Postgres (the logo as bytes), applied only while the user is Pro.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../testing/contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { solidPng } from '../testing/test-images.js';
import { DEFAULT_REPORT_BRAND } from './report-brand.js';
import { brandForReport, readReportBrand, saveReportBrand } from './report-brands.js';

describe.each(testDatabaseKinds)('report brands on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await openTestDatabase(kind);
  });
  afterEach(() => t.close());

  it('keeps the logo bytes, keeps them on a save without one, and applies only on Pro', async () => {
    const pro = await insertUser(t.db, true);
    const png = solidPng(3, 2, [10, 20, 30]);
    await saveReportBrand(t.db, pro, {
      agencyName: 'A',
      accent: '#123456',
      logo: png.toString('base64'),
    });
    const again = await saveReportBrand(t.db, pro, { agencyName: 'B', accent: '#654321' });
    expect(again).toEqual({
      agencyName: 'B',
      accent: '#654321',
      logoType: 'image/png',
      applied: true,
    });
    expect(await brandForReport(t.db, pro)).toEqual({
      name: 'B',
      accent: '#654321',
      logoDataUrl: `data:image/png;base64,${png.toString('base64')}`,
    });
    await saveReportBrand(t.db, pro, { agencyName: 'B', accent: '#654321', logo: null });
    expect((await readReportBrand(t.db, pro)).logoType).toBeNull();

    const free = await insertUser(t.db, false);
    await saveReportBrand(t.db, free, { agencyName: 'F', accent: '#123456' });
    expect(await brandForReport(t.db, free)).toEqual(DEFAULT_REPORT_BRAND);
    expect((await readReportBrand(t.db, free)).applied).toBe(false);
  });
});
