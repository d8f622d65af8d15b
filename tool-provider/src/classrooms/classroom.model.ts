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

/** A classroom level (table `classroom_levels`): reference data inserted by the migration; id 4 is the default. */
export class ClassroomLevel extends Model<
  InferAttributes<ClassroomLevel>,
  InferCreationAttributes<ClassroomLevel>
> {
  declare id: number;
  declare name: string;
  declare nameSpanish: string;
}

/**
 * A teacher's classroom (table `classrooms`). `code` is the 6-character registration code
 * students join with, unique across classrooms; the name is unique per teacher. The author cannot
 * be deleted while they own classrooms. A classroom belongs to its teacher's school too, which keeps
 * it (with no teacher) when the teacher leaves.
 */
export class Classroom extends Model<InferAttributes<Classroom>, InferCreationAttributes<Classroom>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare description: CreationOptional<string>;
  declare code: string;
  declare levelId: CreationOptional<number>;
  /** The teacher; null while the classroom's school has not given it to another teacher. */
  declare authorId: number | null;
  /** The school of the teacher who made it, which keeps it when the teacher leaves. */
  declare institutionId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** The enrolled students, when included (`as: 'students'`). */
  declare students?: NonAttribute<User[]>;
  /** The teacher, when included (`as: 'author'`). */
  declare author?: NonAttribute<User>;
}

/** A student's membership of a classroom (table `classroom_students`, key (classroom, user)). */
export class ClassroomStudent extends Model<
  InferAttributes<ClassroomStudent>,
  InferCreationAttributes<ClassroomStudent>
> {
  declare classroomId: number;
  declare userId: number;
  declare joinedAt: CreationOptional<Date>;
}

/** Binds ClassroomLevel to `sequelize` (table `classroom_levels`). */
export function initClassroomLevelModel(sequelize: Sequelize): typeof ClassroomLevel {
  ClassroomLevel.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      nameSpanish: { type: DataTypes.STRING(100), allowNull: false },
    },
    { sequelize, tableName: 'classroom_levels', underscored: true, timestamps: false },
  );
  return ClassroomLevel;
}

/** Binds Classroom to `sequelize` (table `classrooms`). */
export function initClassroomModel(sequelize: Sequelize): typeof Classroom {
  Classroom.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(150), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      code: { type: DataTypes.CHAR(6), allowNull: false },
      levelId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 4 },
      authorId: { type: DataTypes.INTEGER, allowNull: true },
      institutionId: { type: DataTypes.INTEGER, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'classrooms', underscored: true, timestamps: true },
  );
  return Classroom;
}

/** Binds ClassroomStudent to `sequelize` (table `classroom_students`). */
export function initClassroomStudentModel(sequelize: Sequelize): typeof ClassroomStudent {
  ClassroomStudent.init(
    {
      classroomId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      joinedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    },
    { sequelize, tableName: 'classroom_students', underscored: true, timestamps: false },
  );
  return ClassroomStudent;
}
