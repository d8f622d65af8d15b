import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A country (table `countries`), reference data. */
export class Country extends Model<InferAttributes<Country>, InferCreationAttributes<Country>> {
  declare id: CreationOptional<number>;
  declare name: string;
  /** ISO 3166-1 alpha-2 code (reference rows); null for a country added by hand. */
  declare code: CreationOptional<string | null>;
}

/** A first-level division of a country (a Colombian department; table `territorial_entities`). */
export class TerritorialEntity extends Model<
  InferAttributes<TerritorialEntity>,
  InferCreationAttributes<TerritorialEntity>
> {
  declare id: CreationOptional<number>;
  declare countryId: number;
  declare name: string;
  /** The country's own code (DANE's for a Colombian department); null for a row added by hand. */
  declare code: CreationOptional<string | null>;
}

/** A city (table `cities`), in a country and, where the country has them, a territorial entity. */
export class City extends Model<InferAttributes<City>, InferCreationAttributes<City>> {
  declare id: CreationOptional<number>;
  declare territorialEntityId: number | null;
  declare countryId: number;
  declare name: string;
  /** The country's own code (DANE's DIVIPOLA code in Colombia); null for a row added by hand. */
  declare code: CreationOptional<string | null>;
}

/** Binds Country to `sequelize` (table `countries`). */
export function initCountryModel(sequelize: Sequelize): typeof Country {
  Country.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
      code: { type: DataTypes.STRING(2), allowNull: true },
    },
    { sequelize, tableName: 'countries', underscored: true, timestamps: false },
  );
  return Country;
}

/** Binds TerritorialEntity to `sequelize` (table `territorial_entities`). */
export function initTerritorialEntityModel(sequelize: Sequelize): typeof TerritorialEntity {
  TerritorialEntity.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      countryId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      code: { type: DataTypes.STRING(20), allowNull: true },
    },
    { sequelize, tableName: 'territorial_entities', underscored: true, timestamps: false },
  );
  return TerritorialEntity;
}

/** Binds City to `sequelize` (table `cities`). */
export function initCityModel(sequelize: Sequelize): typeof City {
  City.init(
    {
      id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
      territorialEntityId: { type: DataTypes.INTEGER, allowNull: true },
      countryId: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      code: { type: DataTypes.STRING(20), allowNull: true },
    },
    { sequelize, tableName: 'cities', underscored: true, timestamps: false },
  );
  return City;
}
