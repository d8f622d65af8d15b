import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Topic } from './topic.model';

/** A course (table `courses`): a named list of topics, with its Spanish name. Reference data. */
export class Course extends Model<InferAttributes<Course>, InferCreationAttributes<Course>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare nameSpanish: CreationOptional<string>;
  /** Shown in the demo mode, whose answers are checked without an account. */
  declare inDemo: CreationOptional<boolean>;
  /** The course's topics, when included (`as: 'topics'`). */
  declare topics?: NonAttribute<Topic[]>;
}

/** The link of a course to one of its topics (table `course_topics`, key (course, topic)). */
export class CourseTopic extends Model<InferAttributes<CourseTopic>, InferCreationAttributes<CourseTopic>> {
  declare courseId: number;
  declare topicId: number;
}

/** Binds Course to `sequelize` (table `courses`, no timestamps). */
export function initCourseModel(sequelize: Sequelize): typeof Course {
  Course.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      nameSpanish: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
      inDemo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    { sequelize, tableName: 'courses', underscored: true, timestamps: false },
  );
  return Course;
}

/** Binds CourseTopic to `sequelize` (table `course_topics`). */
export function initCourseTopicModel(sequelize: Sequelize): typeof CourseTopic {
  CourseTopic.init(
    {
      courseId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      topicId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    },
    { sequelize, tableName: 'course_topics', underscored: true, timestamps: false },
  );
  return CourseTopic;
}
