import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * The review state of a problem (table `problem_reviews`, one per problem, deleted with it): the
 * creator's requests, the supervisor's verdicts and feedback (spec 02 §3, §4). `graphs` counts the
 * graphs made for the problem; the supervisor reference is kept null if that user is deleted.
 * `sentAt` and `videoSentAt` say when the problem and its videos were last sent to review.
 */
export class ProblemReview extends Model<
  InferAttributes<ProblemReview>,
  InferCreationAttributes<ProblemReview>
> {
  declare id: CreationOptional<number>;
  declare problemId: number;
  declare problemToReview: CreationOptional<boolean>;
  declare videoToReview: CreationOptional<boolean>;
  declare problemReviewed: CreationOptional<boolean>;
  declare videoReviewed: CreationOptional<boolean>;
  declare ready: CreationOptional<boolean>;
  declare videoReady: CreationOptional<boolean>;
  declare problemFeedback: CreationOptional<string>;
  declare videoFeedback: CreationOptional<string>;
  declare correctedText: CreationOptional<boolean>;
  declare correctedMath: CreationOptional<boolean>;
  declare graphs: CreationOptional<number>;
  declare supervisorId: CreationOptional<number | null>;
  declare reviewDate: CreationOptional<Date | null>;
  declare sentAt: CreationOptional<Date | null>;
  declare videoSentAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Binds ProblemReview to `sequelize` (table `problem_reviews`). */
export function initProblemReviewModel(sequelize: Sequelize): typeof ProblemReview {
  // A fresh object each time: Sequelize writes into attribute definitions.
  const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  ProblemReview.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      problemId: { type: DataTypes.INTEGER, allowNull: false },
      problemToReview: flag(),
      videoToReview: flag(),
      problemReviewed: flag(),
      videoReviewed: flag(),
      ready: flag(),
      videoReady: flag(),
      problemFeedback: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      videoFeedback: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
      correctedText: flag(),
      correctedMath: flag(),
      graphs: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      supervisorId: { type: DataTypes.INTEGER, allowNull: true },
      reviewDate: { type: DataTypes.DATE, allowNull: true },
      sentAt: { type: DataTypes.DATE, allowNull: true },
      videoSentAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'problem_reviews', underscored: true, timestamps: true },
  );
  return ProblemReview;
}
