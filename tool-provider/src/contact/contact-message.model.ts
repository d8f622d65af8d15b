import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { Language } from '@kib/core';

/** A message of the landing contact form (table `contact_messages`); `sentAt` is set once mailed. */
export class ContactMessage extends Model<
  InferAttributes<ContactMessage>,
  InferCreationAttributes<ContactMessage>
> {
  declare id: CreationOptional<number>;
  declare name: CreationOptional<string>;
  declare email: string;
  declare message: string;
  declare language: CreationOptional<Language>;
  declare createdAt: CreationOptional<Date>;
  declare sentAt: CreationOptional<Date | null>;
}

/** Binds ContactMessage to `sequelize` (table `contact_messages`, created_at only). */
export function initContactMessageModel(sequelize: Sequelize): typeof ContactMessage {
  ContactMessage.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(150), allowNull: false, defaultValue: '' },
      email: { type: DataTypes.STRING(254), allowNull: false },
      message: { type: DataTypes.TEXT, allowNull: false },
      language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'es' },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      sentAt: { type: DataTypes.DATE, allowNull: true },
    },
    { sequelize, tableName: 'contact_messages', underscored: true, timestamps: true, updatedAt: false },
  );
  return ContactMessage;
}
