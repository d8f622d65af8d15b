import { z } from 'zod';
import type { PlatformRecord } from './lti13.repository';
import { lmsNames } from '../shared/names';
import { originAllowed } from '../shared/origins';
import type { PlatformTokens } from './platform-tokens';
import { mapLtiRoles, type LtiRole } from '../shared/roles';

/** The NRPS scope Kib asks for: reading a course's members. */
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
/** The media type of an NRPS membership container. */
export const MEMBERSHIPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** The launch claim that carries the course's memberships URL. */
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

const PAGE_TIMEOUT_MS = 10 * 1000;
/** The most pages and members read of one roster: a course, not a whole institution. */
const MAX_PAGES = 20;
const MAX_MEMBERS = 5000;
/** The largest page accepted, in bytes. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/** A member of a course as the platform's roster lists them. */
export interface RosterMember {
  subject: string;
  firstName: string;
  lastName: string;
  role: LtiRole;
}

const MemberSchema = z.object({
  user_id: z.string().min(1).max(255),
  roles: z.array(z.string().max(500)).max(50).default([]),
  status: z.string().max(50).optional(),
  given_name: z.string().max(500).optional(),
  family_name: z.string().max(500).optional(),
  name: z.string().max(500).optional(),
});

const ContainerSchema = z.object({ members: z.array(z.unknown()).max(MAX_MEMBERS) });

/** The `rel="next"` URL of an HTTP Link header, resolved against the page's URL. */
export function nextPageUrl(link: string | null, base: string): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;]+))/i.exec(match[2]!);
    const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes('next')) continue;
    try {
      return new URL(match[1]!, base).toString();
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Reads a course's roster from an LTI 1.3 platform's Names and Role Provisioning Service (v2): the
 * memberships URL of the launch, narrowed to the resource link (`rlid`), with the platform's access
 * token for the NRPS scope, following `Link: rel="next"` pages. Every page must come from one of
 * the platform's origins; pages, members and bytes are bounded. Inactive and deleted members and
 * malformed entries are left out.
 */
export class MembershipsClient {
  constructor(
    private readonly deps: {
      tokens: PlatformTokens;
      fetch?: typeof fetch;
    },
  ) {}

  /** The roster's members, and how many pages it took to read them. */
  async members(
    platform: PlatformRecord,
    membershipsUrl: string,
    resourceLinkId: string,
  ): Promise<{ members: RosterMember[]; pages: number }> {
    const origins = [...platform.allowedOrigins, new URL(platform.authTokenUrl).origin];
    const first = new URL(membershipsUrl);
    first.searchParams.set('rlid', resourceLinkId);
    let url: string | null = first.toString();
    const members: RosterMember[] = [];
    let page = 0;
    for (; url !== null; page++) {
      if (page === MAX_PAGES) throw new Error(`the roster has more than ${MAX_PAGES} pages`);
      if (!originAllowed(url, origins)) throw new Error('a roster page is not on the platform');
      const response = await this.get(platform, url);
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_PAGE_BYTES) throw new Error('a roster page is too large');
      const text = await response.text();
      if (text.length > MAX_PAGE_BYTES) throw new Error('a roster page is too large');
      const container = ContainerSchema.safeParse(JSON.parse(text));
      if (!container.success) throw new Error('the roster is not a membership container');
      for (const entry of container.data.members) {
        const member = MemberSchema.safeParse(entry);
        if (!member.success) continue;
        const status = member.data.status?.toLowerCase();
        if (status === 'inactive' || status === 'deleted') continue;
        members.push({
          subject: member.data.user_id,
          ...lmsNames(member.data.given_name, member.data.family_name, member.data.name),
          role: mapLtiRoles(member.data.roles.join(',')),
        });
        if (members.length > MAX_MEMBERS) throw new Error(`the roster has more than ${MAX_MEMBERS} members`);
      }
      url = nextPageUrl(response.headers.get('link'), url);
    }
    return { members, pages: page };
  }

  /** One page, with a new token once when the platform refuses a cached one. */
  private async get(platform: PlatformRecord, url: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.deps.tokens.token(platform, NRPS_SCOPE);
      const response = await (this.deps.fetch ?? fetch)(url, {
        headers: { accept: MEMBERSHIPS_MEDIA_TYPE, authorization: `Bearer ${token}` },
        redirect: 'error',
        signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
      });
      if (response.ok) return response;
      await response.arrayBuffer();
      if (response.status === 401 && attempt === 0) {
        this.deps.tokens.forget(platform, NRPS_SCOPE);
        continue;
      }
      throw new Error(`the roster answered HTTP ${response.status}`);
    }
  }
}
