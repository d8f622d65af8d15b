import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Subtopic } from './subtopic.model';

/** A topic (table `topics`), with its Spanish name; in courses through `course_topics`. */
export class Topic extends Model<InferAttributes<Topic>, InferCreationAttributes<Topic>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare nameSpanish: CreationOptional<string>;
  /** The topic's subtopics, when included (`as: 'subtopics'`). */
  declare subtopics?: NonAttribute<Subtopic[]>;
}

/** Binds Topic to `sequelize` (table `topics`, no timestamps). */
export function initTopicModel(sequelize: Sequelize): typeof Topic {
  Topic.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(200), allowNull: false },
      nameSpanish: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    },
    { sequelize, tableName: 'topics', underscored: true, timestamps: false },
  );
  return Topic;
}
