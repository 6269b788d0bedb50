//! The simulated Slurm cluster behind the mock shell: its configuration
//! (the lines of a real `slurm.conf`), hostlists, and the shell that runs
//! commands over it. Pure: time and seeds are arguments.

pub mod bench;
mod c_num;
pub mod calendar;
pub mod cluster;
pub mod conf;
mod getopt;
pub mod hostlist;
pub mod lab;
pub mod node_tools;
pub mod session;
pub mod shell;
pub mod task;
pub mod terminal;
pub mod time_spec;
