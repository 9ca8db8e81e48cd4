import type { PermissionBlock } from '@royal/shared';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The way out of a restriction: verifying, or a tier or a renewed subscription. */
export function UnblockLink({
  block,
  className,
}: {
  block: Pick<PermissionBlock, 'code'>;
  className?: string;
}) {
  return block.code === 'VERIFICATION_REQUIRED' ? (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.verify}>Get Verified</Link>
    </Button>
  ) : (
    <Button asChild variant="gold" className={className}>
      <Link to={paths.subscription}>Upgrade</Link>
    </Button>
  );
}
