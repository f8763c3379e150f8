/**
 * Repairs ("submissions" in the API): the list, one repair, reporting one, assigning it and moving
 * it on. Types from the console API's declarations (console-api.gen.ts).
 */
import { call, type QueryParams, type RequestBody } from './client.js';
import type { RepairDeviceReport, Submission, SubmissionList } from './console-api.gen.js';

export type Repair = Submission;
export type RepairList = SubmissionList;
/** What a move did to the register device of the same serial, if any. */
export type DeviceOutcome = RepairDeviceReport;
export type RepairFilters = NonNullable<QueryParams<'get', '/api/submissions'>>;
export type RepairReport = RequestBody<'post', '/api/submissions'>;
export type StatusChange = RequestBody<'post', '/api/submissions/{id}/status'>;

export const listRepairs = (filters: RepairFilters) => call('get', '/api/submissions', { query: filters });
export const getRepair = (id: string) => call('get', '/api/submissions/{id}', { path: { id } });
/** A repair's story: lodged, assigned, each move with its note and cost, who and when. */
export const repairHistory = (id: string) => call('get', '/api/submissions/{id}/history', { path: { id } });

/** The repairs of a serial not yet resolved or closed (a loaner's or device's page says so). */
export async function openRepairsOf(serial: string): Promise<Repair[]> {
  const { submissions } = await listRepairs({ serial, pageSize: 20 });
  return submissions.filter((s) => s.status === 'NEW' || s.status === 'ASSIGNED' || s.status === 'IN_REPAIR');
}
export const reportRepair = (report: RepairReport) => call('post', '/api/submissions', { body: report });
export const assignRepair = (id: string, assigneeId: string) =>
  call('post', '/api/submissions/{id}/assign', { path: { id }, body: { assigneeId } });
export const moveRepair = (id: string, change: StatusChange) =>
  call('post', '/api/submissions/{id}/status', { path: { id }, body: change });
