import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { User } from '../users/user.model';
import type { Subscription } from './subscription.model';

/**
 * A school (table `institutions`), registered by a school administrator, located in a city (a
 * place cannot be deleted while a school is in it). `registrationCode` is the school's own code,
 * unique when set.
 */
export class Institution extends Model<InferAttributes<Institution>, InferCreationAttributes<Institution>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare countryId: number | null;
  declare territorialEntityId: number | null;
  declare cityId: number;
  declare address: CreationOptional<string>;
  declare email: CreationOptional<string>;
  declare telephone: CreationOptional<string>;
  declare registrationCode: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The subscriptions, when included (`as: 'subscriptions'`). */
  declare subscriptions?: NonAttribute<Subscription[]>;
  /** The teachers, when included (`as: 'teachers'`). */
  declare teachers?: NonAttribute<User[]>;
}

/** A teacher's membership of a school (table `institution_teachers`): a teacher is in one school at most. */
export class InstitutionTeacher extends Model<
  InferAttributes<InstitutionTeacher>,
  InferCreationAttributes<InstitutionTeacher>
> {
  declare institutionId: number;
  declare userId: number;
  declare joinedAt: CreationOptional<Date>;
}

/** A school administrator of a school (table `institution_admins`, key (institution, user)). */
export class InstitutionAdmin extends Model<
  InferAttributes<InstitutionAdmin>,
  InferCreationAttributes<InstitutionAdmin>
> {
  declare institutionId: number;
  declare userId: number;
}

/**
 * A code a school administrator generates for a teacher to join the school (table
 * `teacher_codes`): unique, expiring at `codeExpiration`; `usedBy` is the teacher who redeemed it.
 */
export class TeacherCode extends Model<InferAttributes<TeacherCode>, InferCreationAttributes<TeacherCode>> {
  declare id: CreationOptional<number>;
  declare institutionId: number;
  declare code: string;
  declare codeExpiration: Date;
  declare usedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
}

/** Binds Institution to `sequelize` (table `institutions`). */
export function initInstitutionModel(sequelize: Sequelize): typeof Institution {
  Institution.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      countryId: { type: DataTypes.INTEGER, allowNull: true },
      territorialEntityId: { type: DataTypes.INTEGER, allowNull: true },
      cityId: { type: DataTypes.INTEGER, allowNull: false },
      address: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
      email: { type: DataTypes.STRING(254), allowNull: false, defaultValue: '' },
      telephone: { type: DataTypes.STRING(30), allowNull: false, defaultValue: '' },
      registrationCode: { type: DataTypes.STRING(20), allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'institutions', underscored: true, timestamps: true },
  );
  return Institution;
}

/** Binds InstitutionTeacher to `sequelize` (table `institution_teachers`). */
export function initInstitutionTeacherModel(sequelize: Sequelize): typeof InstitutionTeacher {
  InstitutionTeacher.init(
    {
      institutionId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      joinedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { sequelize, tableName: 'institution_teachers', underscored: true, timestamps: false },
  );
  return InstitutionTeacher;
}

/** Binds InstitutionAdmin to `sequelize` (table `institution_admins`). */
export function initInstitutionAdminModel(sequelize: Sequelize): typeof InstitutionAdmin {
  InstitutionAdmin.init(
    {
      institutionId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    },
    { sequelize, tableName: 'institution_admins', underscored: true, timestamps: false },
  );
  return InstitutionAdmin;
}

/** Binds TeacherCode to `sequelize` (table `teacher_codes`, created_at only). */
export function initTeacherCodeModel(sequelize: Sequelize): typeof TeacherCode {
  TeacherCode.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      institutionId: { type: DataTypes.INTEGER, allowNull: false },
      code: { type: DataTypes.STRING(20), allowNull: false },
      codeExpiration: { type: DataTypes.DATE, allowNull: false },
      usedBy: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'teacher_codes', underscored: true, timestamps: true, updatedAt: false },
  );
  return TeacherCode;
}
