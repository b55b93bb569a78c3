import type { DeveloperService, ServiceStatus } from '@indiesplit/shared/campaigns';
import type { BackofficeCampaignDetail } from '@indiesplit/shared/campaigns-backoffice';
import type { AppContext } from '../../../platform/context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { getBackofficeCampaign } from '../queries/get-backoffice-campaign.ts';
import * as repo from '../repo.ts';
import { lockCampaign } from '../state.ts';
import { isUuid } from '../validation/ids.ts';

/** A service's progress, while the services run (and after the launch, until completed). */
export async function setServiceStatus(
  ctx: AppContext,
  adminId: string,
  id: string,
  service: DeveloperService,
  status: ServiceStatus,
): Promise<BackofficeCampaignDetail> {
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'services_active' && row.status !== 'launched') {
      throw new AppError('servicesNotActive', 409);
    }
    if (!(await repo.setServiceStatus(tx, id, service, status, adminId))) throw notFound();
  });
  return getBackofficeCampaign(ctx, id);
}
