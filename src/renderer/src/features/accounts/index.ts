/** The accounts feature's components other features compose, and the hooks they read its state with. */
export { AccountChip, DirectoryAccount, useAccountShown } from './AccountBits';
export { FreshnessSection, HealthLine, SidebarFreshness } from './Freshness';
export { AccountBox, AccountFilter } from './SidebarAccounts';
export { useAdminNames } from './admin-names';
export { useAgentName } from './agent-name';
