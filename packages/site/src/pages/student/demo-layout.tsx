import { Outlet } from 'react-router';

export function DemoLayout() {
  return <Outlet />;
}
