import { Alert, Center, Drawer, Loader, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PartnerSummary, PursuitPartyKind } from '@biddesk/shared';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { Pager } from '../../components/ui/pager';
import { usePartner, usePartnerSearch } from '../../features/partners/api/partners-api';
import { AddToPursuitDialog } from '../../features/partners/components/add-to-pursuit-dialog';
import { InvitePartnerDialog } from './invite-partner-dialog';
import { PartnerDetailView } from '../../features/partners/components/partner-detail';
import { PartnerFilters } from '../../features/partners/components/partner-filters';
import { PartnerTable, type PartnerAction } from '../../features/partners/components/partner-table';
import { hasPartnerFilter, readPartnerQuery, writePartnerQuery, type PartnerQuery } from '../../features/partners/partner-url-state';

/**
 * /partners (issue 27 item 5): award recipients found by their real award history, to note as a
 * teaming partner or competitor of a pursuit or to invite to a workspace. Award data is company
 * intelligence: guests never see it (the server refuses them too).
 */
export function PartnersRoute() {
  const { user } = useSession();
  if (!user || user.is_guest) {
    return (
      <Alert color="red" icon={<IconLock size={18} />} title="Access Denied">
        Partner search is for this company&apos;s own users. Guest accounts see only the workspaces they were invited to.
      </Alert>
    );
  }
  return <Partners ownerFilter={user.role === 'admin' ? undefined : user.id} />;
}

function Partners({ ownerFilter }: { ownerFilter: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readPartnerQuery(params), [params]);
  const detailUei = params.get('uei');
  const write = (q: PartnerQuery, uei: string | null = detailUei) => {
    const next = writePartnerQuery(q);
    if (uei) next.set('uei', uei);
    setParams(next);
  };
  const filtered = hasPartnerFilter(query);
  const search = usePartnerSearch(query, filtered);
  const [adding, setAdding] = useState<{ partner: PartnerSummary; kind: PursuitPartyKind } | null>(null);
  const [inviting, setInviting] = useState<PartnerSummary | null>(null);
  const onAction = (partner: PartnerSummary, action: PartnerAction) =>
    action === 'invite' ? setInviting(partner) : setAdding({ partner, kind: action });
  const totalPages = search.data ? Math.max(1, Math.ceil(search.data.total / search.data.page_size)) : 1;
  // The detail drawer opens from a pursuit's link too, without a search: its name comes from the detail.
  const detailName = usePartner(detailUei).data?.name;

  return (
    <>
      <PageHeader
        title="Partners"
        description="Award recipients by their award history in public contract data. The filters choose which awards count; a vendor is identified by its UEI, never by name. Last award: the latest start of performance."
      />
      <PartnerFilters query={query} onChange={(q) => write(q)} />
      {!filtered ? (
        <Text size="sm" c="dimmed" data-testid="partner-summary">
          Choose a NAICS, PSC, awarding agency, place, business type, or type a name or UEI to see who holds awards there.
        </Text>
      ) : search.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading partners" />
        </Center>
      ) : search.isError ? (
        <Alert color="red">{errorMessage(search.error, 'Failed to search partners')}</Alert>
      ) : (
        <>
          <Text size="sm" mb="sm" role="status" data-testid="partner-summary">
            {!search.data.awards_loaded
              ? 'No award data is loaded yet: an administrator imports USAspending award files in Admin → Database.'
              : `${search.data.total} ${search.data.total === 1 ? 'recipient' : 'recipients'}`}
          </Text>
          {search.data.data.length > 0 && <PartnerTable rows={search.data.data} onOpen={(uei) => write(query, uei)} onAction={onAction} />}
          <Pager page={query.page} totalPages={totalPages} onChange={(page) => write({ ...query, page })} />
        </>
      )}
      <Drawer
        opened={detailUei !== null}
        onClose={() => write(query, null)}
        position="right"
        size="xl"
        title={detailName ?? (detailUei ? `Recipient ${detailUei}` : '')}
      >
        {detailUei && <PartnerDetailView uei={detailUei} />}
      </Drawer>
      <AddToPursuitDialog
        partner={adding?.partner ?? null}
        kind={adding?.kind ?? 'teaming_partner'}
        ownerId={ownerFilter}
        onClose={() => setAdding(null)}
      />
      <InvitePartnerDialog partner={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
