import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A subtopic of one topic (table `subtopics`), with its Spanish name; deleted with its topic. */
export class Subtopic extends Model<InferAttributes<Subtopic>, InferCreationAttributes<Subtopic>> {
  declare id: CreationOptional<number>;
  declare topicId: number;
  declare name: string;
  declare nameSpanish: CreationOptional<string>;
}

/** Binds Subtopic to `sequelize` (table `subtopics`, no timestamps). */
export function initSubtopicModel(sequelize: Sequelize): typeof Subtopic {
  Subtopic.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      topicId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(200), allowNull: false },
      nameSpanish: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
    },
    { sequelize, tableName: 'subtopics', underscored: true, timestamps: false },
  );
  return Subtopic;
}
