/** The set-points console (setPointCartesianPlane, setMultiPointPlane): points placed on a cartesian plane. */
export { PointsConsole } from './points-console';
/** Props of the set-points console. */
export type { PointsConsoleProps } from './points-console.types';
/** The set-points rules: placing, moving and removing points, the tools and their transitions. */
export {
  POINTS_TOOLS,
  movePoint,
  placePoint,
  removePoint,
  toolAfterEdit,
  type PointsTool,
} from './points-console.logic';
