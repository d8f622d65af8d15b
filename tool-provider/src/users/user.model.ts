import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Language } from '@kib/core';

/**
 * An account (table `users`). `passwordHash` is null for LMS and temporary users; `isDemo` marks
 * the demo account with limited content and `canEditAnyProblem` the account that may edit any
 * problem (spec 01 §6: flags in data, not hard-coded ids). E-mails are unique case-insensitively.
 */
export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare passwordHash: string | null;
  declare firstName: CreationOptional<string>;
  declare lastName: CreationOptional<string>;
  declare isActive: CreationOptional<boolean>;
  declare isDemo: CreationOptional<boolean>;
  declare canEditAnyProblem: CreationOptional<boolean>;
  declare language: CreationOptional<Language>;
  declare dateJoined: CreationOptional<Date>;
  declare lastLogin: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The user's groups, when included (`as: 'groups'`); order by `UserGroup.position`. */
  declare groups?: NonAttribute<Group[]>;
  /** The user's group memberships with their positions, when included (`as: 'userGroups'`). */
  declare userGroups?: NonAttribute<UserGroup[]>;
}

/** A role (table `groups`): the 8 names of GROUPS, inserted by the migration as reference data. */
export class Group extends Model<InferAttributes<Group>, InferCreationAttributes<Group>> {
  declare id: CreationOptional<number>;
  declare name: string;
}

/**
 * A user's membership of a group (table `user_groups`). `position` orders a user's groups; the
 * group at the lowest position decides the role (spec 01 §2). One group per position.
 */
export class UserGroup extends Model<InferAttributes<UserGroup>, InferCreationAttributes<UserGroup>> {
  declare userId: number;
  declare groupId: number;
  declare position: number;
  /** The group, when included (`as: 'group'`). */
  declare group?: NonAttribute<Group>;
}

/** Binds User to `sequelize` (table `users`). */
export function initUserModel(sequelize: Sequelize): typeof User {
  User.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      email: { type: DataTypes.STRING(254), allowNull: false },
      passwordHash: { type: DataTypes.TEXT, allowNull: true },
      firstName: { type: DataTypes.STRING(150), allowNull: false, defaultValue: '' },
      lastName: { type: DataTypes.STRING(150), allowNull: false, defaultValue: '' },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      isDemo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      canEditAnyProblem: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      language: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'es' },
      dateJoined: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      lastLogin: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'users', underscored: true, timestamps: true },
  );
  return User;
}

/** Binds Group to `sequelize` (table `groups`, no timestamps). */
export function initGroupModel(sequelize: Sequelize): typeof Group {
  Group.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(80), allowNull: false },
    },
    { sequelize, tableName: 'groups', underscored: true, timestamps: false },
  );
  return Group;
}

/** Binds UserGroup to `sequelize` (table `user_groups`, key (user, group)). */
export function initUserGroupModel(sequelize: Sequelize): typeof UserGroup {
  UserGroup.init(
    {
      userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      groupId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      position: { type: DataTypes.SMALLINT, allowNull: false },
    },
    { sequelize, tableName: 'user_groups', underscored: true, timestamps: false },
  );
  return UserGroup;
}
