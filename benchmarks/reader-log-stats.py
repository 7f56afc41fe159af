#!/usr/bin/env python3
"""Per FaaStream job, from Pravega's own reader log lines: how long each reader took from reaching a
checkpoint to completing it, and from the end of a sealed segment to completing that segment (the
last "releasing sealed segment" line: earlier ones were cut short by a new checkpoint).
Those lines are INFO: set the logger io.pravega.client.stream.impl.EventStreamReaderImpl to INFO in
the run's logback configuration (e.g. faastream/src/test/resources/logback-test.xml), then
    benchmarks/reader-log-stats.py <log file>
"""
import re,sys,collections
def t(s):
    h,m,x=s.split(':'); return int(h)*3600+int(m)*60+float(x)
pat=re.compile(r'^(\S+) .*EventStreamReaderImpl - (.*)$')
jobs=collections.OrderedDict()
for line in open(sys.argv[1]):
    m=pat.match(line)
    if not m: continue
    ts=t(m.group(1)); msg=m.group(2)
    r=re.search(r'id=(j[0-9a-f]+)-(\S+?)\)',msg) or re.search(r'Reader (j[0-9a-f]+)-(\S+) ',msg)
    if not r: continue
    job=r.group(1); rid=r.group(2)
    J=jobs.setdefault(job,{'end':{},'rel':{},'cp':{},'cpd':[]})
    if 'encountered end of segment' in msg:
        J['end'].setdefault((rid,msg.split('segment ')[1].strip()),ts)
    elif 'releasing sealed segment' in msg:
        J['rel'].setdefault((rid,msg.split('segment ')[1].strip()),[]).append(ts)
    elif ' at checkpoint ' in msg:
        J['cp'][(rid,msg.split()[-1])]=ts
    elif 'completed checkpoint' in msg:
        cp=msg.split('completed checkpoint ')[1].split()[0]
        if (rid,cp) in J['cp']: J['cpd'].append(ts-J['cp'][(rid,cp)])
def q(a,p): a=sorted(a); return a[min(len(a)-1,int(p*len(a)))] if a else float('nan')
for job,J in jobs.items():
    d=[v[-1]-J['end'][k] for k,v in J['rel'].items() if k in J['end']]
    c=J['cpd']
    print('%s checkpoints %d: median %.2f p90 %.2f max %.2f s | sealed end->released %d: median %.2f p90 %.2f max %.2f s' % (job,len(c),q(c,.5),q(c,.9),max(c or [0]),len(d),q(d,.5),q(d,.9),max(d or [0])))
