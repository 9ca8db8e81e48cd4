import { AdminGate } from '@/features/admin-gate';
import { MigrationScreen } from '../components/migration-screen';

/** /migration (lazy route module): admins only, like /admin. */
export default function MigrationRoute() {
  return (
    <AdminGate>
      <MigrationScreen />
    </AdminGate>
  );
}
