/**
 * The registry: every tool states what it needs and publishes schemas any MCP client accepts.
 * Schemas are snapshotted (test/capabilities/catalogue/__snapshots__) so a change to a tool's
 * contract shows up in review.
 */
import { describe, expect, it } from 'vitest';
import {
  MODULES,
  PERMISSIONS,
  PRIVILEGED_PERMISSIONS,
  effectivePermissions,
} from '../../../src/domain/access/permissions.js';
import { ToolCatalogue } from '../../../src/domain/catalogue/catalogue.js';
import { TOOLS } from '../../../src/domain/catalogue/tools.js';
import type { Actor } from '../../../src/domain/shared/actor.js';
import { aTenant } from '../../support/builders.js';

const catalogue = new ToolCatalogue();

const keyActor = (scopes: string[], modules = [...MODULES]): Actor => {
  const tenant = aTenant({ modules });
  return {
    tenant,
    principal: { type: 'apiKey', id: 'k', name: 'k' },
    permissions: effectivePermissions(scopes, modules),
    loanGroupIds: null,
  };
};

describe('tool registry', () => {
  it('holds the 14 tools of SPEC §6 and the 2 of bookings (issue 23), each name once', () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual(
      [
        'costs.breakdown',
        'devices.search',
        'loans.issue',
        'loans.list',
        'loans.return',
        'people.profile',
        'people.search',
        'reservations.create',
        'reservations.list',
        'submissions.assign',
        'submissions.create',
        'submissions.get',
        'submissions.list',
        'tickets.byNumber',
        'tickets.get',
        'tickets.list',
      ].sort(),
    );
  });

  it('never requires a privileged identity permission, and only known permissions', () => {
    for (const tool of TOOLS) {
      for (const p of tool.useCase.required.filter((r) => !r.startsWith('module.'))) {
        expect((PRIVILEGED_PERMISSIONS as readonly string[]).includes(p), `${tool.name} needs ${p}`).toBe(false);
        expect((PERMISSIONS as readonly string[]).includes(p), `${tool.name} needs ${p}`).toBe(true);
      }
    }
  });

  it('states readOnly explicitly on every tool, false exactly on the mutating ones', () => {
    for (const tool of TOOLS) expect(typeof tool.readOnly, tool.name).toBe('boolean');
    expect(
      TOOLS.filter((t) => !t.readOnly)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['loans.issue', 'loans.return', 'reservations.create', 'submissions.assign', 'submissions.create']);
  });

  it('publishes flat object input schemas that refuse unknown properties and have no top-level oneOf', () => {
    for (const tool of catalogue.all()) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      for (const combinator of ['oneOf', 'anyOf', 'allOf', 'not'])
        expect(tool.inputSchema[combinator], tool.name).toBeUndefined();
      expect(tool.outputSchema.type, tool.name).toBe('object');
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
    }
  });

  it('matches the reviewed schema snapshot', async () => {
    const snapshot = catalogue.all().map((t) => ({
      name: t.name,
      title: t.title,
      readOnly: t.readOnly,
      required: t.required,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
    }));
    await expect(JSON.stringify(snapshot, null, 2) + '\n').toMatchFileSnapshot('./__snapshots__/tools.json');
  });
});

describe('tool visibility', () => {
  it('shows a key exactly the tools its scopes and the tenant modules allow', () => {
    const names = (actor: Actor) => catalogue.visibleTo(actor, 'integration').map((t) => t.name);
    expect(names(keyActor(['loan.view']))).toEqual(['loans.list']);
    expect(names(keyActor(['loan.view', 'loan.issue', 'loan.return'])).sort()).toEqual([
      'loans.issue',
      'loans.list',
      'loans.return',
    ]);
    expect(names(keyActor([]))).toEqual([]);
    expect(names(keyActor(['loan.view'], ['loans']))).toEqual([]); // integrations off
    expect(names(keyActor(['loan.view', 'device.view'], ['integrations', 'assets']))).toEqual(['devices.search']);
  });

  it('lets the in-product assistant do without module.integrations', () => {
    expect(catalogue.visibleTo(keyActor(['loan.view'], ['loans']), 'assistant').map((t) => t.name)).toEqual([
      'loans.list',
    ]);
  });

  it('treats a hidden tool like an unknown one', async () => {
    const actor = keyActor(['loan.view']);
    expect(catalogue.find(actor, 'integration', 'loans.issue')).toBeNull();
    expect(catalogue.find(actor, 'integration', 'no.such')).toBeNull();
    const resolve = () => {
      throw new Error('must not run');
    };
    await expect(catalogue.invoke(resolve, actor, 'integration', 'loans.issue', {})).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
