import type { MediaKind } from '@kib/core';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/** A file Kib stored or announced (a presigned upload), as `media_files` keeps it. */
export interface MediaFileRow {
  key: string;
  kind: MediaKind;
  contentType: string;
  size: number;
  checked: boolean;
}

/**
 * Every column that holds a stored file's key: a file still named by one of them is never deleted
 * (clones share their files).
 */
const KEY_COLUMNS = [
  ['problems', 'picture'],
  ['problems', 'video_s3'],
  ['numerals', 'picture'],
  ['numerals', 'hint_picture'],
  ['numerals', 'video_s3'],
  ['steps', 'picture'],
  ['steps', 'video_s3'],
  ['multiple_choice_entries', 'picture'],
  // A photo a student sent from a phone, kept for their teacher (the same picture may also be a problem's).
  ['phone_photos', 'picture_key'],
] as const;

/** The `media_files` table: which keys Kib made, for what kind of file, and whether their content was checked. */
export class MediaRepository {
  constructor(private readonly sequelize: Sequelize) {}

  async insert(row: MediaFileRow & { createdBy: number | null }, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO media_files (key, kind, content_type, size, checked, created_by)
       VALUES (:key, :kind, :contentType, :size, :checked, :createdBy)`,
      { replacements: { ...row }, transaction },
    );
  }

  async find(keys: readonly string[], transaction?: Transaction): Promise<Map<string, MediaFileRow>> {
    if (keys.length === 0) return new Map();
    const rows = await this.sequelize.query<MediaFileRow>(
      `SELECT key, kind, content_type AS "contentType", size::float8 AS size, checked
         FROM media_files WHERE key IN (:keys)`,
      { replacements: { keys: [...keys] }, type: QueryTypes.SELECT, transaction },
    );
    return new Map(rows.map((r) => [r.key, r]));
  }

  async markChecked(key: string, size: number): Promise<void> {
    await this.sequelize.query(`UPDATE media_files SET checked = true, size = :size WHERE key = :key`, {
      replacements: { key, size },
    });
  }

  /** The keys among `keys` that some problem, numeral, step, choice or phone photo still names. */
  async referenced(keys: readonly string[], transaction?: Transaction): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const union = KEY_COLUMNS.map(
      ([table, column]) => `SELECT ${column} AS key FROM ${table} WHERE ${column} IN (:keys)`,
    ).join(' UNION ');
    const rows = await this.sequelize.query<{ key: string }>(union, {
      replacements: { keys: [...keys] },
      type: QueryTypes.SELECT,
      transaction,
    });
    return new Set(rows.map((r) => r.key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.sequelize.query(`DELETE FROM media_files WHERE key IN (:keys)`, {
      replacements: { keys: [...keys] },
    });
  }
}
