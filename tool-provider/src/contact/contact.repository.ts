import { QueryTypes, type Sequelize } from 'sequelize';

/** Data access for contact messages. */
export class ContactRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Stores a message and returns its id. */
  async insert(m: { name: string; email: string; message: string; language: string }): Promise<number> {
    const rows = await this.sequelize.query<{ id: number }>(
      `INSERT INTO contact_messages (name, email, message, language) VALUES (:name, :email, :message, :language) RETURNING id`,
      { replacements: m, type: QueryTypes.SELECT },
    );
    return rows[0]!.id;
  }

  /** Records that the message reached the info mailbox. */
  async markSent(id: number): Promise<void> {
    await this.sequelize.query(`UPDATE contact_messages SET sent_at = now() WHERE id = :id`, {
      replacements: { id },
    });
  }
}
