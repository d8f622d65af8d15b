import { QueryTypes, type Sequelize } from 'sequelize';

/** Where a phone-photo link stands. */
export type PhonePhotoState = 'waiting' | 'connected' | 'received' | 'failed';

/** One phone-photo link and, once it came, its photo. */
export interface PhonePhotoRow {
  id: string;
  userId: number | null;
  tempStudentId: number | null;
  numeralId: number;
  expiresAt: Date;
  phoneOpenedAt: Date | null;
  status: PhonePhotoState;
  failure: string | null;
  pictureKey: string | null;
  latex: string | null;
}

interface RawRow {
  id: string;
  user_id: number | null;
  temp_student_id: number | null;
  numeral_id: number;
  expires_at: Date | string;
  phone_opened_at: Date | string | null;
  status: PhonePhotoState;
  failure: string | null;
  picture_key: string | null;
  latex: string | null;
}

const COLUMNS = `id, user_id, temp_student_id, numeral_id, expires_at, phone_opened_at, status, failure, picture_key, latex`;

function fromRaw(r: RawRow): PhonePhotoRow {
  return {
    id: r.id,
    userId: r.user_id,
    tempStudentId: r.temp_student_id,
    numeralId: r.numeral_id,
    expiresAt: new Date(r.expires_at),
    phoneOpenedAt: r.phone_opened_at === null ? null : new Date(r.phone_opened_at),
    status: r.status,
    failure: r.failure,
    pictureKey: r.picture_key,
    latex: r.latex,
  };
}

/** The table `phone_photos`: links between a problem page and a phone, and the photos they carried. */
export class PhonePhotoRepository {
  constructor(private readonly sequelize: Sequelize) {}

  async create(row: {
    id: string;
    solver: { userId: number } | { tempStudentId: number };
    numeralId: number;
    expiresAt: Date;
  }): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO phone_photos (id, user_id, temp_student_id, numeral_id, expires_at)
       VALUES (:id, :userId, :tempStudentId, :numeralId, :expiresAt)`,
      {
        replacements: {
          id: row.id,
          userId: 'userId' in row.solver ? row.solver.userId : null,
          tempStudentId: 'tempStudentId' in row.solver ? row.solver.tempStudentId : null,
          numeralId: row.numeralId,
          expiresAt: row.expiresAt,
        },
      },
    );
  }

  async find(id: string): Promise<PhonePhotoRow | null> {
    const rows = await this.sequelize.query<RawRow>(`SELECT ${COLUMNS} FROM phone_photos WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
    });
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  /**
   * Spends the phone's single-use token: true for the one caller that opened a waiting, unexpired
   * link (the row is then `connected`), false for every other (in one statement, so two phones
   * racing on two instances cannot both win).
   */
  async openPhone(id: string, now: Date): Promise<boolean> {
    const [, meta] = await this.sequelize.query(
      `UPDATE phone_photos SET phone_opened_at = :now, status = 'connected'
        WHERE id = :id AND phone_opened_at IS NULL AND status = 'waiting' AND expires_at > :now`,
      { replacements: { id, now } },
    );
    return ((meta as { rowCount?: number } | undefined)?.rowCount ?? 0) === 1;
  }

  /** Records the photo that arrived (and its LaTeX, when read). */
  async received(id: string, photo: { pictureKey: string; latex: string | null }, now: Date): Promise<void> {
    await this.sequelize.query(
      `UPDATE phone_photos SET status = 'received', picture_key = :pictureKey, latex = :latex, received_at = :now
        WHERE id = :id`,
      { replacements: { id, ...photo, now } },
    );
  }

  /** Marks a link failed, with why (kebab-case), unless its photo already arrived. */
  async failed(id: string, failure: string): Promise<void> {
    await this.sequelize.query(
      `UPDATE phone_photos SET status = 'failed', failure = :failure WHERE id = :id AND status <> 'received'`,
      { replacements: { id, failure } },
    );
  }
}
