import type {
  ExpressionList,
  Interval,
  MathType,
  MathTypeDataOf,
  PrimeDecompositionType,
  TableCell,
} from '@kib/core';
import {
  DataTypes,
  Model,
  type CreateOptions,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type ModelStatic,
  type Sequelize,
} from 'sequelize';

/*
 * One model per math-type data record (spec 02 §3), one table each (`math_type_<type>`). Every
 * record belongs to exactly one numeral or one step (CHECK), at most one per owner (UNIQUE), and
 * is deleted with it. multipleChoice has no record: its data is `multiple_choice_entries`.
 */

/** The attributes every record shares: id, owner (numeral or step) and timestamps. */
function ownerAttributes() {
  return {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    numeralId: { type: DataTypes.INTEGER, allowNull: true },
    stepId: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  };
}

// Fresh objects each time: Sequelize writes into attribute definitions.
const text = (defaultValue = '') => ({ type: DataTypes.TEXT, allowNull: false, defaultValue });
const nullableText = () => ({ type: DataTypes.TEXT, allowNull: true });
const symbol = (defaultValue: string) => ({ type: DataTypes.STRING(32), allowNull: false, defaultValue });
const flag = () => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
const jsonList = () => ({ type: DataTypes.JSONB, allowNull: false, defaultValue: [] });

const options = (sequelize: Sequelize, tableName: string) =>
  ({ sequelize, tableName, underscored: true, timestamps: true }) as const;

/** simplify: reduce `startingExpression` to `target` (table `math_type_simplify`). */
export class MathTypeSimplify extends Model<
  InferAttributes<MathTypeSimplify>,
  InferCreationAttributes<MathTypeSimplify>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare startingExpression: CreationOptional<string>;
  declare target: CreationOptional<string>;
  declare constant: CreationOptional<ExpressionList>;
  declare units: CreationOptional<ExpressionList>;
  declare definedSymbols: CreationOptional<ExpressionList>;
  declare functions: CreationOptional<ExpressionList>;
  declare complementaryEquations: CreationOptional<ExpressionList>;
  declare complementaryVariables: CreationOptional<ExpressionList>;
  declare convertToDegrees: CreationOptional<boolean>;
  declare exactExpr: CreationOptional<boolean>;
  declare interval: CreationOptional<string | null>;
  /** A named form the final line must have (migration 0003), or null for the target's own form. */
  declare form?: string | null;
  /** The variable the named form refers to (e.g. factored in x). */
  declare formVariable?: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** solve: solve `startingExpression` for `unknownVariable` (table `math_type_solve`). */
export class MathTypeSolve extends Model<
  InferAttributes<MathTypeSolve>,
  InferCreationAttributes<MathTypeSolve>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare unknownVariable: CreationOptional<string>;
  declare startingExpression: CreationOptional<string>;
  declare helpingExpression: CreationOptional<string | null>;
  declare constant: CreationOptional<ExpressionList>;
  declare units: CreationOptional<ExpressionList>;
  declare definedSymbols: CreationOptional<ExpressionList>;
  declare functions: CreationOptional<ExpressionList>;
  declare definedSolutions: CreationOptional<ExpressionList>;
  declare convertToDegrees: CreationOptional<boolean>;
  declare interval: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** functions: evaluate `functionExpr` at x or find x for y (table `math_type_functions`). */
export class MathTypeFunctions extends Model<
  InferAttributes<MathTypeFunctions>,
  InferCreationAttributes<MathTypeFunctions>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare functionExpr: CreationOptional<string>;
  declare xValue: CreationOptional<string | null>;
  declare yValue: CreationOptional<string | null>;
  declare convertToDegrees: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** equationOfALine: the line through two points (table `math_type_equation_of_a_line`). */
export class MathTypeEquationOfALine extends Model<
  InferAttributes<MathTypeEquationOfALine>,
  InferCreationAttributes<MathTypeEquationOfALine>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare x1: CreationOptional<string>;
  declare y1: CreationOptional<string>;
  declare x2: CreationOptional<string>;
  declare y2: CreationOptional<string>;
  declare xSymbol: CreationOptional<string>;
  declare ySymbol: CreationOptional<string>;
  declare mSymbol: CreationOptional<string>;
  declare bSymbol: CreationOptional<string>;
  declare mGiven: CreationOptional<boolean>;
  declare bGiven: CreationOptional<boolean>;
  declare findM: CreationOptional<boolean>;
  declare findB: CreationOptional<boolean>;
  declare findEquation: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** plotFunction: draw the graph of `function` (table `math_type_plot_function`). */
export class MathTypePlotFunction extends Model<
  InferAttributes<MathTypePlotFunction>,
  InferCreationAttributes<MathTypePlotFunction>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare function: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** plotLinearEquation: draw y = m x + b (table `math_type_plot_linear_equation`). */
export class MathTypePlotLinearEquation extends Model<
  InferAttributes<MathTypePlotLinearEquation>,
  InferCreationAttributes<MathTypePlotLinearEquation>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare m: CreationOptional<string>;
  declare b: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** setPointCartesianPlane: place the point (x, y) (table `math_type_set_point_cartesian_plane`). */
export class MathTypeSetPointCartesianPlane extends Model<
  InferAttributes<MathTypeSetPointCartesianPlane>,
  InferCreationAttributes<MathTypeSetPointCartesianPlane>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare x: number;
  declare y: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** setMultiPointPlane: place the points of `pointsList`, "(x,y)" one a line (table `math_type_set_multi_point_plane`). */
export class MathTypeSetMultiPointPlane extends Model<
  InferAttributes<MathTypeSetMultiPointPlane>,
  InferCreationAttributes<MathTypeSetMultiPointPlane>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare pointsList: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** intervals: draw these intervals on a number line (table `math_type_intervals`). */
export class MathTypeIntervals extends Model<
  InferAttributes<MathTypeIntervals>,
  InferCreationAttributes<MathTypeIntervals>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare intervals: CreationOptional<Interval[]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** numberlinePoints: place these numbers on a number line (table `math_type_numberline_points`). */
export class MathTypeNumberlinePoints extends Model<
  InferAttributes<MathTypeNumberlinePoints>,
  InferCreationAttributes<MathTypeNumberlinePoints>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare points: CreationOptional<number[]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** findExpression: find `unknownVariable` from `definingEquation` (table `math_type_find_expression`). */
export class MathTypeFindExpression extends Model<
  InferAttributes<MathTypeFindExpression>,
  InferCreationAttributes<MathTypeFindExpression>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare unknownVariable: CreationOptional<string>;
  declare targetExpression: CreationOptional<string>;
  declare definingEquation: CreationOptional<string>;
  declare constant: CreationOptional<ExpressionList>;
  declare convertToDegrees: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** tableSimple: fill the answer cells of a table (table `math_type_table_simple`). */
export class MathTypeTableSimple extends Model<
  InferAttributes<MathTypeTableSimple>,
  InferCreationAttributes<MathTypeTableSimple>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare constant: CreationOptional<ExpressionList>;
  declare interval: CreationOptional<boolean>;
  declare numRows: number;
  declare numColumns: number;
  declare tableData: CreationOptional<TableCell[]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** primeDecomposition: decompose `numbers`, or find their LCM or GCD (table `math_type_prime_decomposition`). */
export class MathTypePrimeDecomposition extends Model<
  InferAttributes<MathTypePrimeDecomposition>,
  InferCreationAttributes<MathTypePrimeDecomposition>
> {
  declare id: CreationOptional<number>;
  declare numeralId: number | null;
  declare stepId: number | null;
  declare numbers: CreationOptional<ExpressionList>;
  declare decompType: CreationOptional<PrimeDecompositionType>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/**
 * The record model of each math type but multipleChoice (whose data is its
 * `multiple_choice_entries`). One table, so the solver, the creation tool and the seed look a
 * record up by its numeral's or step's math type instead of switching over 13 cases.
 */
export const MATH_TYPE_MODELS = {
  simplify: MathTypeSimplify,
  solve: MathTypeSolve,
  functions: MathTypeFunctions,
  equationOfALine: MathTypeEquationOfALine,
  plotFunction: MathTypePlotFunction,
  plotLinearEquation: MathTypePlotLinearEquation,
  setPointCartesianPlane: MathTypeSetPointCartesianPlane,
  setMultiPointPlane: MathTypeSetMultiPointPlane,
  intervals: MathTypeIntervals,
  numberlinePoints: MathTypeNumberlinePoints,
  findExpression: MathTypeFindExpression,
  tableSimple: MathTypeTableSimple,
  primeDecomposition: MathTypePrimeDecomposition,
} as const satisfies { [K in Exclude<MathType, 'multipleChoice'>]: ModelStatic<Model> };

/** A math type whose data is one record (every math type but multipleChoice). */
export type RecordMathType = keyof typeof MATH_TYPE_MODELS;

/** The record (instance) type of math type `K`. */
export type MathTypeRecord<K extends RecordMathType = RecordMathType> = InstanceType<
  (typeof MATH_TYPE_MODELS)[K]
>;

/** The data fields of a record of math type `K`: what the author writes, without id, owner and timestamps. */
export type MathTypeRecordData<K extends RecordMathType> = Omit<
  InferCreationAttributes<MathTypeRecord<K>>,
  'id' | 'numeralId' | 'stepId' | 'createdAt' | 'updatedAt'
>;

type AssertTrue<T extends true> = T;

/**
 * Compile-time proof that every data record of @kib/core (MathTypeDataOf) can be stored as its
 * record model: a field of a core schema missing from the model, or typed differently, fails the
 * typecheck here.
 */
export type CoreDataFitsRecords = AssertTrue<
  {
    [K in RecordMathType]: MathTypeDataOf<K> extends MathTypeRecordData<K>
      ? [Exclude<keyof MathTypeDataOf<K>, keyof MathTypeRecordData<K>>] extends [never]
        ? true
        : false
      : false;
  }[RecordMathType]
>;

/** Who a math-type record belongs to: a numeral or a step. */
export type MathTypeRecordOwner = { numeralId: number; stepId?: null } | { stepId: number; numeralId?: null };

/**
 * Stores the data record of a numeral or step in the table of its math type, e.g.
 * `createMathTypeRecord('solve', solveData, { numeralId }, { transaction })`.
 */
export async function createMathTypeRecord<K extends RecordMathType>(
  mathType: K,
  data: MathTypeDataOf<K>,
  owner: MathTypeRecordOwner,
  options?: CreateOptions,
): Promise<MathTypeRecord<K>> {
  // The 13 model classes have no common callable `create` type; each accepts its own data, which
  // CoreDataFitsRecords proves for every math type.
  const model = MATH_TYPE_MODELS[mathType] as unknown as {
    create(values: object, options?: CreateOptions): Promise<MathTypeRecord<K>>;
  };
  return model.create({ numeralId: null, stepId: null, ...data, ...owner }, options);
}

/** True for the math types that have a record table (every one but multipleChoice). */
export function isRecordMathType(mathType: string): mathType is RecordMathType {
  return Object.hasOwn(MATH_TYPE_MODELS, mathType);
}

/** Binds the 13 math-type record models to `sequelize`. */
export function initMathTypeRecordModels(sequelize: Sequelize): typeof MATH_TYPE_MODELS {
  MathTypeSimplify.init(
    {
      ...ownerAttributes(),
      startingExpression: text(),
      target: text(),
      constant: jsonList(),
      units: jsonList(),
      definedSymbols: jsonList(),
      functions: jsonList(),
      complementaryEquations: jsonList(),
      complementaryVariables: jsonList(),
      convertToDegrees: flag(),
      exactExpr: flag(),
      interval: nullableText(),
      form: { type: DataTypes.STRING(32), allowNull: true },
      formVariable: { type: DataTypes.STRING(32), allowNull: true },
    },
    options(sequelize, 'math_type_simplify'),
  );
  MathTypeSolve.init(
    {
      ...ownerAttributes(),
      unknownVariable: symbol('x'),
      startingExpression: text(),
      helpingExpression: nullableText(),
      constant: jsonList(),
      units: jsonList(),
      definedSymbols: jsonList(),
      functions: jsonList(),
      definedSolutions: jsonList(),
      convertToDegrees: flag(),
      interval: nullableText(),
    },
    options(sequelize, 'math_type_solve'),
  );
  MathTypeFunctions.init(
    {
      ...ownerAttributes(),
      functionExpr: text(),
      xValue: nullableText(),
      yValue: nullableText(),
      convertToDegrees: flag(),
    },
    options(sequelize, 'math_type_functions'),
  );
  MathTypeEquationOfALine.init(
    {
      ...ownerAttributes(),
      x1: text(),
      y1: text(),
      x2: text(),
      y2: text(),
      xSymbol: symbol('x'),
      ySymbol: symbol('y'),
      mSymbol: symbol('m'),
      bSymbol: symbol('b'),
      mGiven: flag(),
      bGiven: flag(),
      findM: flag(),
      findB: flag(),
      findEquation: flag(),
    },
    options(sequelize, 'math_type_equation_of_a_line'),
  );
  MathTypePlotFunction.init(
    { ...ownerAttributes(), function: text() },
    options(sequelize, 'math_type_plot_function'),
  );
  MathTypePlotLinearEquation.init(
    { ...ownerAttributes(), m: text(), b: text() },
    options(sequelize, 'math_type_plot_linear_equation'),
  );
  MathTypeSetPointCartesianPlane.init(
    {
      ...ownerAttributes(),
      x: { type: DataTypes.DOUBLE, allowNull: false },
      y: { type: DataTypes.DOUBLE, allowNull: false },
    },
    options(sequelize, 'math_type_set_point_cartesian_plane'),
  );
  MathTypeSetMultiPointPlane.init(
    { ...ownerAttributes(), pointsList: text() },
    options(sequelize, 'math_type_set_multi_point_plane'),
  );
  MathTypeIntervals.init(
    { ...ownerAttributes(), intervals: jsonList() },
    options(sequelize, 'math_type_intervals'),
  );
  MathTypeNumberlinePoints.init(
    { ...ownerAttributes(), points: jsonList() },
    options(sequelize, 'math_type_numberline_points'),
  );
  MathTypeFindExpression.init(
    {
      ...ownerAttributes(),
      unknownVariable: symbol('x'),
      targetExpression: text(),
      definingEquation: text(),
      constant: jsonList(),
      convertToDegrees: flag(),
    },
    options(sequelize, 'math_type_find_expression'),
  );
  MathTypeTableSimple.init(
    {
      ...ownerAttributes(),
      constant: jsonList(),
      interval: flag(),
      numRows: { type: DataTypes.INTEGER, allowNull: false },
      numColumns: { type: DataTypes.INTEGER, allowNull: false },
      tableData: jsonList(),
    },
    options(sequelize, 'math_type_table_simple'),
  );
  MathTypePrimeDecomposition.init(
    {
      ...ownerAttributes(),
      numbers: jsonList(),
      decompType: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'Decomp' },
    },
    options(sequelize, 'math_type_prime_decomposition'),
  );
  return MATH_TYPE_MODELS;
}
