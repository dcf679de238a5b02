import type { FrotaMigration } from './types';
import { initial } from './0001_initial';
import { tracking } from './0002_tracking';
import { shares } from './0003_shares';
import { audit } from './0004_audit';
import { billing } from './0005_billing';
import { qrDriver } from './0006_qr_driver';
import { resellers } from './0007_resellers';
import { billingPeriods } from './0008_billing_periods';
import { sessionTokens } from './0009_session_tokens';
import { notificationFires } from './0010_notification_fires';
import { scheduledReports } from './0011_scheduled_reports';
import { statistics } from './0012_statistics';
import { sessionImpersonation } from './0013_session_impersonation';
import { clusterLeases } from './0014_cluster_leases';
import { positionPartitions } from './0015_position_partitions';
import { devicesByName } from './0016_devices_by_name';
import { queuedCommandsByDevice } from './0017_queued_commands_by_device';
import { connectingDevices } from './0018_connecting_devices';
import { ruleOwners } from './0019_rule_owners';
import { totpSteps } from './0020_totp_steps';
import { notificationTemplates } from './0021_notification_templates';

/**
 * Every migration, keyed by a name that sorts in apply order. Append new ones here; never
 * rename or edit one that has shipped.
 */
export const migrations: Record<string, FrotaMigration> = {
  '0001_initial': initial,
  '0002_tracking': tracking,
  '0003_shares': shares,
  '0004_audit': audit,
  '0005_billing': billing,
  '0006_qr_driver': qrDriver,
  '0007_resellers': resellers,
  '0008_billing_periods': billingPeriods,
  '0009_session_tokens': sessionTokens,
  '0010_notification_fires': notificationFires,
  '0011_scheduled_reports': scheduledReports,
  '0012_statistics': statistics,
  '0013_session_impersonation': sessionImpersonation,
  '0014_cluster_leases': clusterLeases,
  '0015_position_partitions': positionPartitions,
  '0016_devices_by_name': devicesByName,
  '0017_queued_commands_by_device': queuedCommandsByDevice,
  '0018_connecting_devices': connectingDevices,
  '0019_rule_owners': ruleOwners,
  '0020_totp_steps': totpSteps,
  '0021_notification_templates': notificationTemplates,
};
