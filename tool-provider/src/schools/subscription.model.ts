import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * A school subscription (table `subscriptions`), created by the platform administrator as a
 * "school code" for `institutionName`: the code is redeemable until `codeValidUntil`, and once a
 * school redeems it (`institutionId` set) the plan for `numberOfStudents` runs until
 * `planValidUntil`. A school has a valid subscription while one of its plans that is not revoked
 * (`revokedAt` null) has not ended; a revoked code cannot be redeemed. A school with subscriptions
 * cannot be deleted (RESTRICT).
 */
export class Subscription extends Model<
  InferAttributes<Subscription>,
  InferCreationAttributes<Subscription>
> {
  declare id: CreationOptional<number>;
  declare institutionName: CreationOptional<string>;
  declare institutionId: CreationOptional<number | null>;
  declare numberOfStudents: number;
  declare code: string;
  declare codeValidUntil: Date;
  declare planValidUntil: Date;
  declare createdBy: CreationOptional<number | null>;
  declare revokedAt: CreationOptional<Date | null>;
  /** When a school redeemed the code; null before. */
  declare redeemedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Binds Subscription to `sequelize` (table `subscriptions`). */
export function initSubscriptionModel(sequelize: Sequelize): typeof Subscription {
  Subscription.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      institutionName: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '' },
      institutionId: { type: DataTypes.INTEGER, allowNull: true },
      numberOfStudents: { type: DataTypes.INTEGER, allowNull: false },
      code: { type: DataTypes.STRING(20), allowNull: false },
      codeValidUntil: { type: DataTypes.DATE, allowNull: false },
      planValidUntil: { type: DataTypes.DATE, allowNull: false },
      createdBy: { type: DataTypes.INTEGER, allowNull: true },
      revokedAt: { type: DataTypes.DATE, allowNull: true },
      redeemedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: 'subscriptions', underscored: true, timestamps: true },
  );
  return Subscription;
}
