#!/usr/bin/env bash
# Brings up a single-node Slurm on this machine, for CI and for trying the scripts here:
# munged, slurmctld and slurmd as root with a generated slurm.conf (one partition, every core of
# this machine). Needs Debian's slurm-wlm and munge (scripts/setup-debian.sh --slurm) and root.
# Safe to run again: it stops what an earlier run started first.
#   scripts/slurm/start-single-node.sh && sinfo
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then
  echo "start-single-node.sh: run as root (it starts munged, slurmctld and slurmd)" >&2
  exit 1
fi
for program in munged slurmctld slurmd; do
  command -v "$program" >/dev/null || { echo "start-single-node.sh: $program is missing: install slurm-wlm and munge" >&2; exit 1; }
done
pkill -x slurmd 2>/dev/null || true
pkill -x slurmctld 2>/dev/null || true
pkill -x munged 2>/dev/null || true
sleep 1

# munge: a key, its folders owned by the munge user, the daemon.
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
mkdir -p /run/munge /var/log/munge /var/lib/munge
chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge
chmod 0700 /etc/munge /var/log/munge /var/lib/munge
chmod 0400 /etc/munge/munge.key
chmod 0755 /run/munge
runuser -u munge -- munged
munge -n | unmunge >/dev/null

# slurm.conf for this one host.
host=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/slurm
cat >/etc/slurm/slurm.conf <<CONF
ClusterName=curio
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurm/slurmctld.pid
SlurmdPidFile=/run/slurm/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
InactiveLimit=0
KillWait=5
MinJobAge=300
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=curio Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# No cgroup.conf: slurmd detects the cgroup version itself.
rm -f /etc/slurm/cgroup.conf

slurmctld -c
# slurmd finds the cgroup version itself; where that fails, name it (v2 without systemd).
if ! slurmd -c; then
  started=no
  for plugin in "CgroupPlugin=cgroup/v1" "CgroupPlugin=cgroup/v2
IgnoreSystemd=yes"; do
    printf '%s\n' "$plugin" >/etc/slurm/cgroup.conf
    if slurmd -c; then started=yes; break; fi
  done
  [ "$started" = yes ] || { echo "start-single-node.sh: slurmd did not start; see /var/log/slurm/slurmd.log" >&2; exit 1; }
fi
# Wait for the node to be idle (about 10 s).
for _ in $(seq 1 60); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qx idle; then
    sinfo
    exit 0
  fi
  sleep 1
done
echo "start-single-node.sh: the node did not come up; see /var/log/slurm/" >&2
sinfo >&2 || true
tail -20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
exit 1
