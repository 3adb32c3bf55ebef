/**
 * Equivalent names for one thing, as data: an acronym, its expansion, the standard behind it and
 * the tools that do it ("HSPD-12" is met by "PIV cards"; "Section 508" by "WCAG 2.1 AA"; "OWASP"
 * by "ZAP scans"). A requirement and a draft that name the same thing in different words then share
 * a concept term. General to federal IT and services proposals; nothing here comes from one
 * solicitation. Each entry: the concept's id, then its names (matched as whole words,
 * case-insensitive; a hyphen or space between parts is optional). Acronyms listed in capitals also
 * fold their own word onto the concept, so "WCAG" in one text and "accessible" in another agree.
 */
export const EQUIVALENTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['accessibility', ['Section 508', 'WCAG', 'accessible', 'accessibility', 'a11y', 'screen reader', 'screen readers', 'assistive technology', 'assistive technologies', 'VPAT', 'pa11y', 'axe-core']],
  ['identity-credential', ['HSPD-12', 'HSPD 12', 'PIV', 'PIV-I', 'personal identity verification', 'CAC', 'common access card', 'FIPS 201', 'smart card', 'smart cards']],
  ['vulnerability-scanning', ['OWASP', 'ZAP', 'vulnerability scanning', 'vulnerability scan', 'vulnerability scans', 'penetration testing', 'penetration test', 'pen test', 'pen testing', 'DAST', 'SAST', 'static code analysis', 'dynamic application security testing', 'Nessus', 'Burp Suite', 'security scanning', 'security scans', 'dependency scanning', 'Snyk', 'Dependabot']],
  ['authority-to-operate', ['ATO', 'authority to operate', 'authorization to operate', 'security authorization', 'assessment and authorization', 'NIST 800-53', 'NIST SP 800-53', 'FISMA', 'system security plan', 'SSP']],
  ['cloud-authorization', ['FedRAMP', 'FedRAMP authorized', 'FedRAMP moderate', 'FedRAMP high']],
  ['continuous-integration', ['CI', 'CI/CD', 'continuous integration', 'continuous delivery', 'continuous deployment', 'Jenkins', 'GitHub Actions', 'GitLab CI', 'CircleCI', 'Travis CI', 'build pipeline', 'deployment pipeline']],
  ['version-control', ['version control', 'version-controlled', 'source control', 'Git', 'GitHub', 'GitLab', 'Bitbucket', 'repository', 'repositories', 'repo', 'repos']],
  ['portability', ['portability', 'portable', 'data portability', 'vendor lock-in', 'lock-in', 'open formats', 'open format', 'open standards', 'export', 'exports', 'exportable']],
  ['mobile', ['mobile', 'mobile devices', 'smartphone', 'smartphones', 'phone', 'phones', 'Android', 'iOS', 'tablet', 'tablets', 'responsive design']],
  ['single-sign-on', ['SSO', 'single sign-on', 'single sign on', 'SAML', 'OAuth', 'OpenID Connect', 'OIDC', 'Login.gov', 'identity provider']],
  ['multi-factor', ['MFA', '2FA', 'multi-factor', 'multifactor', 'two-factor', 'two factor']],
  ['personal-data', ['PII', 'personally identifiable information', 'personal data', 'Privacy Act', 'PHI', 'protected health information']],
  ['plain-language', ['plain language', 'plain writing', 'Plain Writing Act', 'plainlanguage.gov']],
  ['design-system', ['USWDS', 'U.S. Web Design System', 'US Web Design System', 'U.S. Web Design Standards', 'US Web Design Standards', 'Web Design Standards']],
  ['quality-surveillance', ['QASP', 'quality assurance surveillance plan']],
  ['quality-control', ['QCP', 'quality control plan']],
  ['conflict-of-interest', ['COI', 'OCI', 'organizational conflict of interest', 'organizational conflicts of interest', 'conflict of interest', 'conflicts of interest']],
  ['non-disclosure', ['NDA', 'NDAs', 'non-disclosure agreement', 'non-disclosure agreements', 'nondisclosure agreement', 'confidentiality agreement']],
  ['usability-testing', ['usability testing', 'usability test', 'usability tests', 'usability sessions', 'user testing', 'moderated sessions', 'moderated testing']],
  ['analytics', ['analytics', 'DAP', 'Digital Analytics Program', 'Google Analytics', 'web analytics']],
  ['monitoring', ['monitoring', 'uptime', 'alerting', 'observability', 'APM', 'New Relic', 'Datadog', 'Prometheus', 'Grafana']],
  ['logging', ['logging', 'logs', 'log', 'audit trail', 'audit logs', 'NLog', 'log4j', 'Serilog', 'Splunk']],
  ['small-business', ['small business', 'SDVOSB', 'WOSB', 'HUBZone', '8(a)', 'small disadvantaged business']],
  ['background-investigation', ['background investigation', 'background investigations', 'background check', 'background checks', 'suitability determination', 'security clearance', 'security clearances', 'Tier 1', 'public trust']],
  ['agile', ['Agile', 'Scrum', 'Kanban', 'SAFe', 'sprints', 'sprint']],
  ['inline-documentation', ['documented inline', 'inline documentation', 'inline comments', 'code comments', 'doc comments', 'documentation comments', 'docstrings', 'docstring', 'JSDoc', 'TSDoc', 'Javadoc', 'Doxygen', 'XML documentation']],
  // A cadence: "at regular intervals" is met by "every sprint" or "each week".
  ['cadence', ['periodic', 'periodically', 'regular intervals', 'regularly', 'every sprint', 'each sprint', 'per sprint', 'every iteration', 'each iteration', 'every week', 'each week', 'weekly', 'biweekly', 'every two weeks', 'every month', 'each month', 'monthly']],
  ['api', ['API', 'APIs', 'application programming interface', 'RESTful', 'endpoints', 'endpoint', 'JSON']],
];
