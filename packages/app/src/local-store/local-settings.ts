import type { Database } from '@mapsmith/sqlite';

/**
 * The desktop's own settings in its data file (`desktop_settings`): the linked account's
 * profile and its encrypted token. Everything else in the file is the application layer's.
 */
export class LocalSettings {
  /** Reads and writes `db`. */
  constructor(private readonly db: Database) {}

  /** A stored setting, or null. */
  async get(key: string): Promise<string | null> {
    const row = await this.db.first<{ value: string }>(
      'SELECT value FROM desktop_settings WHERE key = ?',
      [key],
    );
    return row?.value ?? null;
  }

  /** Stores (or with null, removes) a setting. */
  async set(key: string, value: string | null): Promise<void> {
    if (value === null) await this.db.run('DELETE FROM desktop_settings WHERE key = ?', [key]);
    else
      await this.db.run(
        'INSERT INTO desktop_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
  }
}
