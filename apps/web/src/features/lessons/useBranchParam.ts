/** The branch a lessons screen shows: `branch` in the URL, else the user's own branch, else their first branch. */
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/useSession';
import { useBranchOptions } from '../branches/queries';

export function useBranchParam() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const branches = useBranchOptions();
  const list = branches.data ?? [];
  const fromUrl = Number(params.get('branch')) || 0;
  const own = user?.branch_id && list.some((b) => b.branch_id === user.branch_id) ? user.branch_id : 0;
  const branchId = fromUrl || own || list[0]?.branch_id || user?.branch_id || 0;
  const options = list.map((b) => ({ value: b.branch_id, label: b.name }));
  const setBranch = (id: number) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('branch', String(id));
      return n;
    });
  return { branchId, options, setBranch, loading: branches.isLoading };
}
