import { Outlet } from 'react-router';

export function StudentLayout() {
  return <Outlet />;
}
