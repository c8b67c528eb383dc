import { useEffect, useState } from 'react';
import { cleanUserText } from '../../../../shared/text';
import { unnamedVisitor } from '../../../../shared/inbox';
import { useDirectory, type LeadSort } from './slice';
import { formatTime } from '../../ui/text/format';
import { t } from '../../ui/i18n';
import { usePerch } from '../../store';
import { Select } from '../../ui/Select';
import { DirectoryAccount } from '../accounts/index';
import { WriteButton, WriteDialog } from './WriteDialog';

/** Who is on the site right now; refreshed while this screen is shown. */
export function VisitorsScreen() {
  const visitors = useDirectory((s) => s.visitors);
  const accountId = useDirectory((s) => s.accountId);
  const showVisitor = usePerch((s) => s.showVisitor);
  const watch = useDirectory((s) => s.watchVisitors);
  // Watched in the account shown; another account is watched instead when the agent switches.
  useEffect(() => {
    void watch(true);
    return () => void watch(false);
  }, [watch, accountId]);
  return (
    <section className="directory" aria-label={t('directory.visitors')}>
      <div className="directory-head">
        <h1>
          {t('directory.visitors')} <span className="muted">{visitors.length}</span>
        </h1>
        <DirectoryAccount />
      </div>
      {visitors.length === 0 ? <p className="placeholder">{t('directory.nobody')}</p> : null}
      <table>
        <thead>
          <tr>
            <th>{t('conversation.visitor')}</th>
            <th>{t('directory.page')}</th>
            <th>{t('directory.since')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {visitors.map((v) => (
            <tr key={v.id} data-visitor-id={v.id}>
              <td>
                <span className={`dot presence-${v.presence}`} aria-hidden="true" />{' '}
                <button
                  type="button"
                  className="link person"
                  onClick={() => accountId && showVisitor(accountId, v.id, 'visitors')}
                >
                  <bdi>{cleanUserText(v.name) || unnamedVisitor(t, { id: v.id }, v.id)}</bdi>
                </button>
              </td>
              <td className="muted">
                <bdi>{v.page ? cleanUserText(v.page) : '—'}</bdi>
              </td>
              <td className="muted">{v.sessionStarted ? formatTime(v.sessionStarted) : '—'}</td>
              <td>
                <WriteButton userId={v.id} name={cleanUserText(v.name) || unnamedVisitor(t, { id: v.id }, v.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <WriteDialog />
    </section>
  );
}

/** Leads: people with a name, email or phone; searched and paged on the server. */
export function LeadsScreen() {
  const leads = useDirectory((s) => s.leads);
  const search = useDirectory((s) => s.searchLeads);
  const more = useDirectory((s) => s.moreLeads);
  const options = useDirectory((s) => s.leadOptions);
  const setOptions = useDirectory((s) => s.setLeadOptions);
  const showVisitor = usePerch((s) => s.showVisitor);
  const accountId = useDirectory((s) => s.accountId);
  const [query, setQuery] = useState(leads.search);
  useEffect(() => {
    const timer = setTimeout(() => void search(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query, search, accountId]);
  return (
    <section className="directory" aria-label={t('directory.leads')}>
      <div className="directory-head">
        <h1>
          {t('directory.leads')} <span className="muted">{leads.total}</span>
        </h1>
        <DirectoryAccount />
      </div>
      <div className="lead-tools">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('directory.searchLeads')}
          aria-label={t('directory.searchLeads')}
        />
        <button
          type="button"
          className="filter-chip"
          aria-pressed={options.withEmail}
          onClick={() => void setOptions({ withEmail: !options.withEmail })}
        >
          {t('directory.withEmail')}
        </button>
        <button
          type="button"
          className="filter-chip"
          aria-pressed={options.withPhone}
          onClick={() => void setOptions({ withPhone: !options.withPhone })}
        >
          {t('directory.withPhone')}
        </button>
        <Select<LeadSort>
          label={t('directory.sort')}
          value={options.sort}
          onChange={(sort) => void setOptions({ sort })}
          className="filter-select"
          options={[
            { value: 'recent', label: t('directory.sortRecent') },
            { value: 'name', label: t('directory.sortName') },
            { value: 'sessions', label: t('directory.sortSessions') },
          ]}
        />
      </div>
      {leads.error ? (
        <p className="error" role="alert">
          {leads.error}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>{t('conversation.visitor')}</th>
            <th>{t('visitor.prop.email')}</th>
            <th>{t('visitor.prop.phone')}</th>
            <th>{t('visitor.prop.last_seen')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {leads.rows.map((lead) => (
            <tr key={lead.id} data-lead-id={lead.id}>
              <td>
                <button
                  type="button"
                  className="link person"
                  onClick={() => accountId && showVisitor(accountId, lead.id, 'leads')}
                >
                  <bdi>{cleanUserText(lead.name) || unnamedVisitor(t, { id: lead.id }, lead.id)}</bdi>
                </button>
              </td>
              <td className="muted">
                <bdi>{lead.email ? cleanUserText(lead.email) : '—'}</bdi>
              </td>
              <td className="muted">
                <bdi>{lead.phone ? cleanUserText(lead.phone) : '—'}</bdi>
              </td>
              <td className="muted">{lead.lastSeen ? formatTime(lead.lastSeen) : '—'}</td>
              <td>
                <WriteButton
                  userId={lead.id}
                  name={cleanUserText(lead.name) || unnamedVisitor(t, { id: lead.id }, lead.id)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {leads.rows.length < leads.total ? (
        <button type="button" className="more" onClick={() => void more()} disabled={leads.loading}>
          {t('directory.more')}
        </button>
      ) : null}
      <WriteDialog />
    </section>
  );
}
