//! How a job's CPUs lie on its nodes, as cons_tres lays them out on
//! Debian's Slurm 22.05.8: `-N2 -n4` holds 3 CPUs on the first node and 1
//! on the second, the memory per CPU follows, and every client shows it.

use super::super::*;
use super::{Term, out};

const WORK: &str = "/srv/cluster/work";

fn shape(cpus: u32, least: u32, cpus_per_task: u32, nodes: u32) -> Shape {
    Shape {
        nodes,
        tasks: cpus / cpus_per_task,
        cpus_per_task,
        per_node: Res::new(
            cpus.div_ceil(nodes),
            4000 * u64::from(cpus.div_ceil(nodes)),
            0,
        ),
        cpus,
        least_cpus: least,
        mem_per_cpu: 4000,
    }
}

fn cpus(held: &[Res]) -> Vec<u32> {
    held.iter().map(|r| r.cpus).collect()
}

#[test]
fn the_first_nodes_take_what_the_last_need_not() {
    let idle = [Res::new(64, 512_000, 8); 3];
    // -N2 -n4, -N3 -n7, -N2 -n4 -c2: as the real cluster laid them out.
    assert_eq!(cpus(&shape(4, 1, 1, 2).lay_out(&idle[..2])), [3, 1]);
    assert_eq!(cpus(&shape(7, 1, 1, 3).lay_out(&idle)), [5, 1, 1]);
    assert_eq!(cpus(&shape(8, 2, 2, 2).lay_out(&idle[..2])), [6, 2]);
    // --ntasks-per-node=2 on two nodes: each its two.
    assert_eq!(cpus(&shape(4, 2, 1, 2).lay_out(&idle[..2])), [2, 2]);
    // The memory follows the CPUs.
    let mem: Vec<u64> = (shape(4, 1, 1, 2).lay_out(&idle[..2]).iter())
        .map(|r| r.mem_mb)
        .collect();
    assert_eq!(mem, [12_000, 4000]);
    // A first node with two CPUs free, or memory for two, gives two.
    let busy = [Res::new(2, 512_000, 8), Res::new(64, 512_000, 8)];
    assert_eq!(cpus(&shape(4, 1, 1, 2).lay_out(&busy)), [2, 2]);
    let short = [Res::new(64, 8000, 8), Res::new(64, 512_000, 8)];
    assert_eq!(cpus(&shape(4, 1, 1, 2).lay_out(&short)), [2, 2]);
}

#[test]
fn every_client_shows_the_uneven_allocation() {
    let mut t = Term::new("2026-11-30T03:00:00");
    let id = t.submit("root", WORK, "sbatch -N2 -n3 --wrap \"sleep 600\"");
    t.c.advance(1);
    let show = out(&t.root(&format!("scontrol show job -d {id}"))).1;
    for line in [
        "NumNodes=2 NumCPUs=3 NumTasks=3 CPUs/Task=1",
        "TRES=cpu=3,mem=12000M,node=2,billing=3",
        "     Nodes=node-1 CPU_IDs=0-1 Mem=8000 GRES=\n",
        "     Nodes=node-2 CPU_IDs=0 Mem=4000 GRES=\n",
    ] {
        assert!(show.contains(line), "{line} in {show}");
    }
    assert_eq!(
        out(&t.root("sinfo -h -N -p gpu -o \"%N %C\" -n node-[1-3]")).1,
        "node-1 2/62/0/64\nnode-2 1/63/0/64\nnode-3 0/64/0/64\n"
    );
    assert_eq!(out(&t.root("squeue -h -o \"%C %D\"")).1, "3 2\n");
    let env = out(&t.root(&format!("scontrol show job {id}"))).1;
    assert!(env.contains("NumCPUs=3"), "{env}");
    // Pending, a job asks for its tasks' CPUs, not a share per node.
    let blocked = t.submit("root", WORK, "sbatch -N2 -n3 --hold --wrap \"sleep 600\"");
    let show = out(&t.root(&format!("scontrol show job {blocked}"))).1;
    assert!(show.contains("NumCPUs=3 NumTasks=3"), "{show}");
    t.c.advance(700);
    let acct = out(&t.root(&format!("sacct -n -X -j {id} -o alloccpus,reqmem"))).1;
    assert_eq!(acct.split_whitespace().collect::<Vec<_>>(), ["3", "12000M"]);
    // The CPUs went back with the job.
    assert_eq!(
        out(&t.root("sinfo -h -N -p gpu -o \"%N %C\" -n node-[1-2]")).1,
        "node-1 0/64/0/64\nnode-2 0/64/0/64\n"
    );
}

#[test]
fn a_node_range_takes_the_most_nodes_open() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // As the real cluster ran it: three nodes, the tasks two, one, one.
    let id = t.submit("root", WORK, "sbatch -N2-3 -n4 --wrap \"sleep 600\"");
    t.c.advance(1);
    let show = out(&t.root(&format!("scontrol show job {id}"))).1;
    assert!(show.contains("NodeList=node-[1-3]\n"), "{show}");
    assert!(show.contains("NumNodes=3 NumCPUs=4 NumTasks=4"), "{show}");
    assert_eq!(
        out(&t.root("sinfo -h -N -p gpu -o \"%N %C\"")).1,
        "node-1 2/62/0/64\nnode-2 1/63/0/64\nnode-3 1/63/0/64\nnode-4 0/64/0/64\n"
    );
    let acct = out(&t.root(&format!("sacct -n -X -j {id} -o reqnodes,nnodes"))).1;
    assert_eq!(acct.split_whitespace().collect::<Vec<_>>(), ["2", "3"]);
    // With two nodes open it settles for two, and no more than a task each.
    t.root(&format!("scancel {id}"));
    t.submit("root", WORK, "sbatch -N2 --exclusive --wrap \"sleep 600\"");
    let two = t.submit("root", WORK, "sbatch -N2-4 -n4 --wrap \"sleep 600\"");
    let few = t.submit("root", WORK, "sbatch -N1-4 -n2 --hold --wrap \"sleep 600\"");
    let show = out(&t.root(&format!("scontrol show job {few}"))).1;
    assert!(show.contains("NumNodes=1-2 NumCPUs=2"), "{show}");
    t.root(&format!("scontrol release {few}"));
    t.c.advance(1);
    let show = out(&t.root(&format!("scontrol show job -d {two}"))).1;
    assert!(show.contains("NumNodes=2 NumCPUs=4"), "{show}");
    assert!(show.contains("Nodes=node-3 CPU_IDs=0-2 "), "{show}");
    let show = out(&t.root(&format!("scontrol show job {few}"))).1;
    assert!(show.contains("NumNodes=2 NumCPUs=2"), "{show}");
}

#[test]
fn fewer_tasks_than_nodes_take_a_node_a_task() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // sbatch's, salloc's and srun's `_opt_verify`: the names past the
    // tasks are dropped, with a warning before anything else.
    let (_, stdout, stderr) = out(&t.root("sbatch -N3 -n2 -w node-[1-3] --wrap \"sleep 600\""));
    assert_eq!(stdout, "Submitted batch job 1\n");
    assert_eq!(
        stderr,
        "sbatch: Warning: can't run 2 processes on 3 nodes, setting nnodes to 2\n"
    );
    t.c.advance(1);
    let show = out(&t.root("scontrol show job 1")).1;
    for line in [
        "ReqNodeList=node-[1-2] ",
        "NumNodes=2 NumCPUs=2 NumTasks=2 ",
    ] {
        assert!(show.contains(line), "{line} in {show}");
    }
    assert_eq!(
        t.root("srun -n1 -w node-[3-4] hostname").transcript(),
        "srun: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\nnode-3\n"
    );
    // A refusal still follows the warning.
    let (status, _, stderr) = out(&t.root("salloc -N2 -n1 -p bogus hostname"));
    assert_eq!(status, 1);
    assert_eq!(
        stderr,
        "salloc: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\n\
         salloc: error: invalid partition specified: bogus\n\
         salloc: error: Job submit/allocate failed: Invalid partition name specified\n"
    );
}

#[test]
fn srun_cuts_a_node_list_longer_than_its_node_count() {
    let mut t = Term::new("2026-11-30T03:00:00");
    // srun's own `_opt_verify` pops names off the list's end; sbatch and
    // salloc refuse the same line.
    assert_eq!(
        t.root("srun -N2 -w node-[1-3] hostname").transcript(),
        "srun: error: Required nodelist includes more nodes than permitted by max-node count \
         (3 > 2). Eliminating nodes from the nodelist.\nnode-1\nnode-2\n"
    );
    let (status, _, stderr) = out(&t.root("salloc -N2 -w node-[1-3] hostname"));
    assert_eq!(status, 1);
    assert_eq!(stderr, "salloc: error: invalid number of nodes (-N 3-2)\n");
}
